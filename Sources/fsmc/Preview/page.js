// The page of fsmc preview. It draws what the server's session says (GET /state) and sends each
// control to the server (POST /action): the semantics are the reference interpreter's, not this
// script's. An exported page (--export) carries its steps in #fsmc-data and needs no server.
(() => {
  'use strict';
  const exported = JSON.parse(document.getElementById('fsmc-data').textContent);
  const $ = (id) => document.getElementById(id);
  const body = document.body;
  let view = null;
  let shownSvg = -1;
  let eventsKey = '';
  let settled = 0;
  let pendingScript = [];

  function element(tag, attributes, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (value === false || value === null || value === undefined) continue;
      if (name === 'className') node.className = value;
      else if (name.startsWith('on')) node.addEventListener(name.slice(2), value);
      else node.setAttribute(name, value === true ? '' : value);
    }
    for (const child of children) node.append(child);
    return node;
  }

  function showError(message) {
    $('error').textContent = message || '';
    $('error').hidden = !message;
  }

  // A guard the page asks about (its "ask" box): the step comes back as a question, and is sent
  // again with the answer.
  let lastAction = null;
  function ask(guard, question) {
    const answer = (value) => {
      $('question').hidden = true;
      const action = Object.assign({}, lastAction, { answers: Object.assign({}, lastAction.answers, { [guard]: value }) });
      act(action);
    };
    $('question').replaceChildren(element('span', {}, 'The step asks: ', element('code', {}, question)),
      element('button', { type: 'button', 'data-answer': 'true', onclick: () => answer(true) }, 'true'),
      element('button', { type: 'button', 'data-answer': 'false', onclick: () => answer(false) }, 'false'));
    $('question').setAttribute('data-question', guard);
    $('question').hidden = false;
  }

  // Every request ends in one more settled action (body[data-settled]), for tests to wait on.
  async function post(path, payload) {
    const started = performance.now();
    body.dataset.busy = 'true';
    try {
      const response = await fetch(path, {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: payload,
      });
      const text = await response.text();
      let answer = null;
      try { answer = JSON.parse(text); } catch (_) { answer = null; }
      $('question').hidden = true;
      if (!response.ok) {
        if (answer && answer.question) {
          showError('');
          ask(answer.question, answer.error);
          return false;
        }
        showError((answer && answer.error) || text.trim() || ('the server answered ' + response.status));
        return false;
      }
      showError('');
      render(answer);
      // What docs/Performance.md reports: from the click to the frame that shows the answer.
      await new Promise((resolve) => requestAnimationFrame(() => resolve()));
      body.dataset.stepMilliseconds = (performance.now() - started).toFixed(1);
      return true;
    } catch (error) {
      showError('fsmc preview does not answer: is it still running? (' + error.message + ')');
      return false;
    } finally {
      settled += 1;
      body.dataset.settled = String(settled);
      body.dataset.busy = 'false';
    }
  }

  const act = (action) => {
    lastAction = action;
    return post('/action', JSON.stringify(action));
  };

  async function refresh() {
    try {
      const response = await fetch('/state', { cache: 'no-store' });
      if (response.ok) render(await response.json());
    } catch (_) { /* the event stream says when the server is gone */ }
  }

  // MARK: the diagram

  async function drawDiagram(state) {
    $('graphviz-note').hidden = !state.graphviz;
    $('graphviz-note').textContent = state.graphviz || '';
    if (state.svgRevision === shownSvg) return;
    shownSvg = state.svgRevision;
    const container = $('diagram');
    if (exported) {
      if (exported.svg) container.innerHTML = exported.svg; else drawBoxes(container, state.tree);
      return;
    }
    if (state.svgRevision > 0) {
      const response = await fetch('/diagram.svg', { cache: 'no-store' });
      if (response.ok) { container.innerHTML = await response.text(); return; }
    }
    drawBoxes(container, state.tree);
  }

  // Without Graphviz: nested boxes, regions side by side, each state's transitions inside.
  function drawBoxes(container, tree) {
    const box = (node) => element('div',
      { className: 'box' + (node.parallel ? ' parallel' : '') + (node.final ? ' final' : ''), 'data-state': node.name },
      element('div', { className: 'name' }, node.name),
      node.transitions.length ? element('ul', {}, ...node.transitions.map((text) => element('li', {}, text))) : '',
      node.children.length ? element('div', { className: 'children' }, ...node.children.map(box)) : '');
    container.replaceChildren(element('div', { className: 'boxes' }, ...tree.map(box)));
  }

  function highlight(state) {
    const active = new Set(state.active);
    for (const node of $('diagram').querySelectorAll('[data-state]')) {
      node.classList.toggle('active', active.has(node.getAttribute('data-state')));
    }
    const taken = new Set((state.taken || []).map((pair) => pair[0] + '\n' + pair[1]));
    for (const edge of $('diagram').querySelectorAll('[data-from]')) {
      edge.classList.toggle('taken', taken.has(edge.getAttribute('data-from') + '\n' + edge.getAttribute('data-to')));
    }
    const handled = new Set(state.events.filter((event) => event.handled).map((event) => event.name));
    for (const label of $('diagram').querySelectorAll('[data-event-label]')) {
      label.classList.toggle('handled', handled.has(label.getAttribute('data-event-label')));
    }
  }

  // MARK: the controls

  function sendEvent(name) {
    const control = document.querySelector('[data-event="' + CSS.escape(name) + '"]');
    const args = {};
    if (control) {
      for (const field of control.querySelectorAll('[data-param]')) args[field.getAttribute('data-param')] = field.value;
    }
    return act({ action: 'event', event: name, arguments: args });
  }

  function drawEvents(state) {
    const key = JSON.stringify(state.events.map((event) => [event.name, event.parameters]));
    if (key !== eventsKey) {
      eventsKey = key;
      $('events').replaceChildren(...state.events.map((event) => element('div',
        { className: 'event', 'data-event': event.name },
        element('button', { type: 'button', onclick: () => sendEvent(event.name) }, event.name),
        ...event.parameters.map((parameter) => element('label', {}, parameter.name,
          element('input', {
            type: 'text', 'data-param': parameter.name, placeholder: parameter.type, spellcheck: 'false',
            'aria-label': event.name + ' ' + parameter.name + ' (' + parameter.type + ')',
          }))))));
      if (!state.events.length) $('events').replaceChildren(element('p', { className: 'empty' }, 'The machine has no events.'));
    }
    const handled = new Set(state.events.filter((event) => event.handled).map((event) => event.name));
    for (const control of $('events').querySelectorAll('[data-event]')) {
      control.classList.toggle('handled', handled.has(control.getAttribute('data-event')));
    }
  }

  function drawGuards(state) {
    $('guards-group').hidden = !state.guards.length;
    $('guards').replaceChildren(...state.guards.map((entry) => element('div', { className: 'guard' },
      element('label', {},
        element('input', {
          type: 'checkbox', 'data-guard': entry.name, checked: entry.value, disabled: !!exported || entry.ask,
          onchange: (event) => act({ action: 'guard', guard: entry.name, value: event.target.checked }),
        }),
        element('code', {}, entry.name)),
      element('span', { className: 'option' }, entry.option === null ? '' : '--guard ' + entry.name + '=' + entry.option),
      element('label', { className: 'ask' }, element('input', {
        type: 'checkbox', 'data-guard-ask': entry.name, checked: entry.ask, disabled: !!exported,
        onchange: (event) => act({ action: 'ask', guard: entry.name, value: event.target.checked }),
      }), 'ask'))));
  }

  function drawTime(state) {
    $('now').textContent = state.now;
    $('timers').replaceChildren(...state.timers.map((timer) => element('li', {},
      element('code', {}, timer.timer), element('span', { className: 'left' }, timer.left + ' left'))));
    if (!state.timers.length) $('timers').replaceChildren(element('li', { className: 'empty' }, 'No timer is armed.'));
    document.querySelector('[data-control="next-timeout"]').disabled = !state.timers.length;
  }

  function drawActivities(state) {
    $('activities').replaceChildren(...state.activities.map((activity) => {
      const error = element('input', { type: 'text', value: 'failure', 'aria-label': 'error of ' + activity.state, 'data-error-name': '' });
      const controls = exported ? [] : [
        element('button', { type: 'button', 'data-outcome': 'finish', onclick: () => act({ action: 'finish', state: activity.state }) }, 'Finish'),
        element('button', { type: 'button', 'data-outcome': 'fail', onclick: () => act({ action: 'fail', state: activity.state, error: error.value }) }, 'Fail with'),
        error,
      ];
      return element('div', { className: 'activity', 'data-activity': activity.state },
        element('div', {}, element('strong', {}, activity.state), ' ', element('span', { className: 'call' }, 'do / ' + activity.call)),
        element('div', { className: 'row' }, ...controls));
    }));
    if (!state.activities.length) $('activities').replaceChildren(element('p', { className: 'empty' }, 'No activity is running.'));
  }

  function drawLog(lines, current) {
    $('log').replaceChildren(...lines.map((line, index) => element('li', {
      className: (line.startsWith('> ') ? 'echo' : line.startsWith('  state: ') ? 'state' : '') + (index >= current ? ' current' : ''),
    }, line)));
    filterLog();
    $('log').scrollTop = $('log').scrollHeight;
  }

  function filterLog() {
    const filter = document.querySelector('[data-control="filter"]').value.toLowerCase();
    for (const item of $('log').children) item.hidden = !!filter && !item.textContent.toLowerCase().includes(filter);
  }

  function render(state) {
    if (!state) return;
    view = state;
    body.dataset.revision = String(state.revision);
    $('file').textContent = state.file || '';
    $('configuration').textContent = state.configuration;
    $('notice').textContent = state.notice || '';
    $('notice').hidden = !state.notice;
    $('diagnostics').textContent = state.diagnostics || '';
    $('diagnostics').hidden = !state.diagnostics;
    if (state.startFailure) showError('The machine did not start: ' + state.startFailure);
    drawDiagram(state).then(() => highlight(state));
    highlight(state);
    drawEvents(state);
    drawGuards(state);
    drawTime(state);
    drawActivities(state);
    if (!exported) {
      const last = state.stepStarts.length ? state.stepStarts[state.stepStarts.length - 1] : state.log.length;
      drawLog(state.log, last);
      document.querySelector('[data-control="back"]').disabled = !state.script.length;
      document.querySelector('[data-control="start-snapshot"]').hidden = !state.startsFrom;
    }
  }

  // MARK: wiring

  function wire() {
    $('advance-button').addEventListener('click', () => act({ action: 'advance', duration: $('advance-duration').value }));
    $('advance-duration').addEventListener('keydown', (event) => { if (event.key === 'Enter') $('advance-button').click(); });
    const control = (name) => document.querySelector('[data-control="' + name + '"]');
    control('next-timeout').addEventListener('click', () => act({ action: 'next-timeout' }));
    control('back').addEventListener('click', () => act({ action: 'back' }));
    control('restart').addEventListener('click', () => act({ action: 'restart' }));
    control('run-line').addEventListener('click', async () => {
      if (await act({ action: 'line', line: $('line').value })) $('line').value = '';
    });
    $('line').addEventListener('keydown', (event) => { if (event.key === 'Enter') control('run-line').click(); });
    control('filter').addEventListener('input', filterLog);
    control('restore').addEventListener('change', async (event) => {
      const file = event.target.files[0];
      if (file) await post('/restore', await file.text());
      event.target.value = '';
    });
    control('load-script').addEventListener('change', async (event) => {
      const file = event.target.files[0];
      if (!file) return;
      pendingScript = (await file.text()).split('\n').filter((line) => line.trim() && !line.trim().startsWith('#'));
      event.target.value = '';
      showScript();
    });
    control('script-next').addEventListener('click', runNextLine);
    control('script-all').addEventListener('click', async () => { while (pendingScript.length && await runNextLine()) { /* next */ } });
    $('diagram').addEventListener('click', (event) => {
      const label = event.target.closest('[data-event-label]');
      if (label && !exported) sendEvent(label.getAttribute('data-event-label'));
    });
  }

  async function runNextLine() {
    if (!pendingScript.length) return false;
    const done = await act({ action: 'line', line: pendingScript[0] });
    if (done) pendingScript.shift();
    showScript();
    return done;
  }

  function showScript() {
    $('script-controls').hidden = !pendingScript.length;
    $('script-next-line').textContent = pendingScript.length ? 'next: ' + pendingScript[0] + ' (' + pendingScript.length + ' left)' : '';
  }

  function connect() {
    const status = $('status');
    const source = new EventSource('/events');
    source.addEventListener('open', () => { status.textContent = 'live'; status.className = 'status live'; });
    source.addEventListener('update', () => refresh());
    source.addEventListener('error', () => {
      status.textContent = 'disconnected: is fsmc preview still running? Reconnecting…';
      status.className = 'status lost';
    });
  }

  // An exported page: the steps of its script, to scrub through.
  function scrub() {
    for (const node of document.querySelectorAll('.live')) node.hidden = true;
    $('scrub').hidden = false;
    $('status').textContent = 'exported page: no server';
    const frames = exported.frames;
    const final = frames[frames.length - 1];
    const range = $('scrub-range');
    range.max = String(frames.length - 1);
    const show = (index) => {
      range.value = String(index);
      const frame = Object.assign({ file: exported.file, graphviz: exported.graphviz }, frames[index]);
      render(frame);
      const end = index < final.stepStarts.length ? final.stepStarts[index] : exported.log.length;
      const start = index > 0 ? final.stepStarts[index - 1] : 0;
      drawLog(exported.log.slice(0, end), start);
      $('scrub-label').textContent = index === 0 ? 'Step 0: the start' : 'Step ' + index + ' of ' + (frames.length - 1) + ': ' + exported.script[index - 1];
    };
    range.addEventListener('input', () => show(Number(range.value)));
    $('scrub-previous').addEventListener('click', () => show(Math.max(0, Number(range.value) - 1)));
    $('scrub-next').addEventListener('click', () => show(Math.min(frames.length - 1, Number(range.value) + 1)));
    show(frames.length - 1);
  }

  if (exported) {
    scrub();
  } else {
    wire();
    connect();
    refresh();
  }
})();
