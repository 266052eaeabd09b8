import FSMCore
import FSMRuntime
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Commands {
    /// `fsmc preview FILE [--port N] [--guard NAME=true|false]... [--delay NAME=DURATION]... [--events PATH] [--export PATH]`:
    /// serves the live simulator page of a machine (docs/Preview.md).
    static let preview = Command(
        name: "preview",
        abstract: "Serve a live simulator page of a .fsm machine on 127.0.0.1.",
        usage:
            "fsmc preview <file> [--port <n>] [--guard <name>=true|false]... [--delay <name>=<duration>]... [--events <path>] [--export <page.html>]",
        options: [
            OptionSpec(names: ["--port"], valueName: "n", help: "Listen on this port of 127.0.0.1 (default: a free one)."),
            OptionSpec(
                names: ["--guard"], valueName: "name=value",
                help: "Answer this guard with true or false until the page's toggle changes it (repeatable).",
                repeatable: true),
            OptionSpec(
                names: ["--delay"], valueName: "name=duration",
                help: "Answer this named delay with a duration, like retryDelay=2s (repeatable).", repeatable: true),
            OptionSpec(
                names: ["--events"], valueName: "path", help: "Run this fsmc simulate script first; the page goes on from there."),
            OptionSpec(
                names: ["--export"], valueName: "page.html",
                help: "Write one self-contained page (no server, no network) with the script's steps to scrub through."),
        ],
        discussion: """
            Prints the page's address, http://127.0.0.1:<port>/, on one line and serves it until
            stopped (Ctrl-C). The page runs the machine in the reference interpreter, as fsmc
            simulate does: its log is what fsmc simulate prints for the script the page exports.
            Saving the file updates every open page; a file with errors shows its diagnostics and
            keeps the last good machine. The diagram is Graphviz's (dot, from PATH); without it the
            page draws the states as nested boxes. See docs/Preview.md for the page, its test hooks
            and its safety rules. Exit status: 1 when the file has errors or a line of --events is
            refused, 2 for bad usage or a file that cannot be read or written.
            """,
        run: { arguments in
            let files = try requireFiles(arguments, command: "preview", single: true)
            let path = files[0]
            guard path != FileIO.standardInput else {
                throw UsageError(message: "the page watches its file; pass a path, not '-'", command: "preview")
            }
            var port = 0
            if let text = arguments.value("--port") {
                guard let number = Int(text), (0...65535).contains(number) else {
                    throw UsageError(message: "invalid '--port \(text)'; expected a number from 0 to 65535", command: "preview")
                }
                port = number
            }
            let answers = try guardAnswers(arguments.values("--guard"), command: "preview")
            let delays = try delayAnswers(arguments.values("--delay"), command: "preview")
            let compilation = Compilation(path: path, bytes: try FileIO.read(path), checkingSwiftNames: false)
            report([compilation])
            guard let model = compilation.model else { return ExitStatus.inputErrors }
            for name in answers.keys.sorted() where !model.guardNames.contains(name) {
                throw UsageError(
                    message: "'--guard \(name)=...': the machine has no guard '\(name)'"
                        + Suggestions.hint(for: name, among: model.guardNames, listedAs: "its guards"),
                    command: "preview")
            }
            let delayNames = model.requirements.filter(\.isDelay).map(\.name)
            for name in delays.keys.sorted() where !delayNames.contains(name) {
                throw UsageError(message: "'--delay \(name)=...': the machine has no delay '\(name)'", command: "preview")
            }
            let session = PreviewSession(model: model, answers: answers, delays: delays)
            if let failure = session.startFailure {
                Terminal.writeError("error: \(failure)\n")
                return ExitStatus.inputErrors
            }
            if let eventsPath = arguments.value("--events") {
                let bytes = try FileIO.read(eventsPath)
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    throw IOError(message: "\(eventsPath): is not UTF-8 text")
                }
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    do throws(PreviewSession.Refusal) {
                        try session.run(line: String(line))
                    } catch {
                        Terminal.writeError("\(FileIO.displayName(eventsPath)):\(number + 1): error: \(error.message)\n")
                        return ExitStatus.inputErrors
                    }
                }
            }
            let app = PreviewApp(path: path, session: session, compilation: compilation)
            if let export = arguments.value("--export") {
                _ = app.checkLayout(waiting: .infinity)
                try FileIO.writeIfChanged(app.exportedPage(), to: export)
                return ExitStatus.success
            }
            let timeout = ProcessInfo.processInfo.environment["FSMC_PREVIEW_TIMEOUT"].flatMap(Double.init) ?? 10
            let server = try PreviewServer(port: port, requestTimeout: timeout) { app.handle($0) }
            _ = app.checkLayout(waiting: 3)  // a small machine's diagram is there for the first page
            app.port = server.port
            app.onChange = { [unowned server] in server.broadcast($0) }
            signal(SIGPIPE, SIG_IGN)
            // Stopped (Ctrl-C, or a SIGTERM), fsmc stops Graphviz too: a large layout runs for minutes.
            signal(SIGINT, stopLayoutAndExit)
            signal(SIGTERM, stopLayoutAndExit)
            Terminal.writeOut("http://127.0.0.1:\(server.port)/\n")
            Terminal.writeError("fsmc preview: serving \(path) (Ctrl-C stops it)\n")
            server.run(tickInterval: 0.25) {
                let changed = app.checkFile()
                if app.checkLayout() || changed { server.broadcast(app.updateEvent) }
            }
        })
}

/// The process id of Graphviz's `dot` while it lays the diagram out, for the signal handler.
nonisolated(unsafe) private var layoutProcess: pid_t = 0

/// Stops the layout, then fsmc by the same signal (only async-signal-safe calls here).
private func stopLayoutAndExit(_ signalNumber: Int32) {
    if layoutProcess > 0 { kill(layoutProcess, SIGTERM) }
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
}

/// What `fsmc preview` serves: the page, the session's view as JSON, the diagram, the downloads,
/// and the page's changes to the session; and the file watch.
final class PreviewApp {
    let path: String
    let session: PreviewSession
    var port = 0
    /// `fsmc check`'s text of the file's diagnostics when the file on disk has errors (the page
    /// keeps the last good machine), its warnings otherwise; `nil` when it has none.
    private(set) var diagnostics: String?
    /// The annotated SVG of the current machine; `nil` without Graphviz.
    private(set) var svg: String?
    /// Why there is no SVG (Graphviz missing or failing), for the page to say.
    private(set) var graphvizProblem: String?
    private var svgRevision = 0
    private var fileStamp: FileStamp?

    private struct FileStamp: Equatable {
        var seconds: Int
        var nanoseconds: Int
        var size: Int
    }

    init(path: String, session: PreviewSession, compilation: Compilation) {
        self.path = path
        self.session = session
        self.fileStamp = Self.stamp(of: path)
        setDiagnostics(compilation)
        render()
    }

    /// The event that tells every page to fetch the view again.
    var updateEvent: String { "event: update\ndata: \(session.revision)\n\n" }

    private func setDiagnostics(_ compilation: Compilation) {
        diagnostics =
            compilation.diagnostics.isEmpty
            ? nil : TextDiagnosticRenderer(colors: false).render(compilation.diagnostics, in: compilation.file)
    }

    /// Starts drawing the machine with `fsmc dot` and Graphviz, in the background: a large
    /// machine's layout takes Graphviz minutes, and the page draws the states itself meanwhile.
    /// Until it is done the page keeps the diagram it has (of the machine before a reload).
    private func render() {
        layout?.cancel()
        layout = nil
        switch Layout.start(DOTEmitter.emit(session.model, detail: .full)) {
        case .success(let started):
            layout = started
            if svg == nil {
                graphvizProblem =
                    "Graphviz is laying out the diagram of \(session.model.states.count) states; meanwhile the page draws the states itself."
            }
        case .failure(let problem):
            svg = nil
            graphvizProblem = problem.message
            svgRevision += 1
        }
    }

    /// Takes the diagram once Graphviz is done; `true` when the pages must update. `waiting`: until then.
    func checkLayout(waiting: Double = 0) -> Bool {
        guard let layout, let result = layout.result(waiting: waiting) else { return false }
        self.layout = nil
        svgRevision += 1
        switch result {
        case .success(let text):
            svg = PreviewDiagram.annotate(text, model: session.model)
            graphvizProblem = nil
        case .failure(let problem):
            svg = nil
            graphvizProblem = problem.message
        }
        return true
    }

    private var layout: Layout?

    /// `dot -Tsvg` running on a machine's DOT, its files in a folder of its own.
    final class Layout {
        let process: Process
        let folder: String

        private init(process: Process, folder: String) {
            self.process = process
            self.folder = folder
        }

        /// Runs the `dot` found on PATH on `dot`.
        static func start(_ dot: String) -> Result<Layout, IOError> {
            let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
            guard let executable = folders.map({ $0 + "/dot" }).first(where: { access($0, X_OK) == 0 }) else {
                return .failure(
                    IOError(
                        message:
                            "Graphviz's dot is not on PATH: the page draws the states itself. Install Graphviz (apt-get install graphviz, brew install graphviz) for fsmc's diagram."
                    ))
            }
            var template = Array((NSTemporaryDirectory() + "/fsmc-preview-XXXXXX").utf8CString)
            guard let made = mkdtemp(&template) else {
                return .failure(IOError(message: "cannot make a temporary folder for Graphviz"))
            }
            let folder = String(cString: made)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["-Tsvg", folder + "/machine.dot", "-o", folder + "/machine.svg"]
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            do {
                try Data(dot.utf8).write(to: URL(fileURLWithPath: folder + "/machine.dot"))
                _ = FileManager.default.createFile(atPath: folder + "/errors.txt", contents: nil)
                process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/errors.txt"))
                try process.run()
                layoutProcess = process.processIdentifier
            } catch {
                try? FileManager.default.removeItem(atPath: folder)
                return .failure(IOError(message: "cannot run \(executable): \(error.localizedDescription)"))
            }
            return .success(Layout(process: process, folder: folder))
        }

        /// The SVG, or why there is none; `nil` while dot runs (after `waiting` seconds at most).
        func result(waiting: Double = 0) -> Result<String, IOError>? {
            let deadline = PreviewServer.now() + waiting
            while process.isRunning {
                guard PreviewServer.now() < deadline else { return nil }
                usleep(5000)
            }
            layoutProcess = 0
            defer { try? FileManager.default.removeItem(atPath: folder) }
            guard process.terminationStatus == 0, let svg = FileManager.default.contents(atPath: folder + "/machine.svg") else {
                let errors = FileManager.default.contents(atPath: folder + "/errors.txt") ?? Data()
                return .failure(IOError(message: "Graphviz's dot failed: " + String(decoding: errors, as: UTF8.self)))
            }
            return .success(String(decoding: svg, as: UTF8.self))
        }

        func cancel() {
            layoutProcess = 0
            if process.isRunning {
                process.terminate()
                process.waitUntilExit()
            }
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    private static func stamp(of path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileStamp(seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec), size: Int(info.st_size))
    }

    /// Reads the file again when its time or size changed: a machine without errors replaces the
    /// session's (``PreviewSession/reload(_:)``); one with errors only shows them. `true` when the
    /// pages must update.
    func checkFile() -> Bool {
        let stamp = Self.stamp(of: path)
        guard stamp != fileStamp else { return false }
        fileStamp = stamp
        guard let bytes = try? FileIO.read(path) else {
            diagnostics = "error: \(path) cannot be read; the page keeps the last good machine"
            return true
        }
        let compilation = Compilation(path: path, bytes: bytes, checkingSwiftNames: false)
        setDiagnostics(compilation)
        guard let model = compilation.model else { return true }
        session.reload(model)
        render()
        return true
    }

    // MARK: - Requests

    func handle(_ request: PreviewServer.Request) -> PreviewServer.Answer {
        switch (request.method, request.path) {
        case ("GET", "/"), ("HEAD", "/"):
            return .response(.init(status: 200, contentType: "text/html; charset=utf-8", body: Array(page(data: nil).utf8)))
        case ("GET", "/state"):
            return .response(json(view()))
        case ("GET", "/diagram.svg"):
            guard let svg else { return .response(.init(status: 404, text: graphvizProblem ?? "no diagram")) }
            return .response(.init(status: 200, contentType: "image/svg+xml", body: Array(svg.utf8)))
        case ("GET", "/events"):
            return .stream(first: "retry: 1000\n" + updateEvent)
        case ("GET", "/script.txt"):
            return .response(
                download(session.scriptText, name: "\(session.model.name)-events.txt", type: "text/plain; charset=utf-8"))
        case ("GET", "/snapshot.json"):
            return .response(
                download(Self.json(session.snapshot), name: "\(session.model.name)-snapshot.json", type: "application/json"))
        case ("GET", "/" + PreviewSession.startSnapshotName):
            guard let start = session.startSnapshot else {
                return .response(.init(status: 404, text: "the session starts in the machine's initial states"))
            }
            return .response(download(Self.json(start), name: PreviewSession.startSnapshotName, type: "application/json"))
        case ("POST", "/action"):
            return .response(act(request.body))
        case ("POST", "/restore"):
            return .response(restore(request.body))
        case (_, "/"), (_, "/state"), (_, "/diagram.svg"), (_, "/events"), (_, "/script.txt"), (_, "/snapshot.json"):
            return .response(
                .init(status: 405, text: "method \(request.method) not allowed here", extraHeaders: [("Allow", "GET")]))
        case (_, "/action"), (_, "/restore"):
            return .response(
                .init(status: 405, text: "method \(request.method) not allowed here", extraHeaders: [("Allow", "POST")]))
        default:
            return .response(.init(status: 404, text: "not found; the page is http://127.0.0.1:\(port)/"))
        }
    }

    private func download(_ text: String, name: String, type: String) -> PreviewServer.Response {
        .init(
            status: 200, contentType: type, body: Array(text.utf8),
            extraHeaders: [("Content-Disposition", "attachment; filename=\"\(name)\"")])
    }

    private func json(_ value: JSONValue) -> PreviewServer.Response {
        var writer = JSONWriter(layout: .compact)
        value.write(to: &writer)
        return .init(status: 200, contentType: "application/json", body: writer.bytes)
    }

    private func refusal(_ message: String, question: String? = nil) -> PreviewServer.Response {
        var members: [(String, JSONValue)] = [("error", .string(message))]
        if let question { members.append(("question", .string(question))) }
        var response = json(.object(members))
        response.status = 422
        return response
    }

    /// The snapshot as `fsmc simulate`'s `save` writes it.
    static func json(_ snapshot: Snapshot) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        guard let data = try? encoder.encode(snapshot) else {
            preconditionFailure("a snapshot of names, flags and integers always encodes")
        }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// The session's view with what the server adds: the file, its diagnostics, the diagram's state.
    func view() -> JSONValue {
        session.view(extra: [
            ("file", .string(path)),
            ("diagnostics", diagnostics.map(JSONValue.string) ?? .null),
            ("svgRevision", .int(svg == nil ? 0 : svgRevision)),
            ("graphviz", graphvizProblem.map(JSONValue.string) ?? .null),
        ])
    }

    /// One change from the page: `{"action": "event", "event": "seek", "arguments": {"seconds": "5"}}`,
    /// `advance` (`duration`), `next-timeout`, `finish` and `fail` (`state`, `error`), `back`,
    /// `guard` (`guard`, `value`), `ask` (`guard`, `value`: ask about it each time), `line` (`line`),
    /// `restart`. `event`, `finish` and `fail` take `answers`, by guard name: the page's answers to
    /// the questions the step asked before (a refusal with a `question`).
    private func act(_ body: [UInt8]) -> PreviewServer.Response {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any],
            let action = object["action"] as? String
        else { return refusal("expected a JSON object with an \"action\"") }
        let text: (String) -> String = { object[$0] as? String ?? "" }
        var answers: [String: Bool] = [:]
        for (name, value) in object["answers"] as? [String: Any] ?? [:] {
            if let value = value as? Bool { answers[name] = value }
        }
        do throws(PreviewSession.Refusal) {
            switch action {
            case "event":
                var arguments: [String: String] = [:]
                for (name, value) in object["arguments"] as? [String: Any] ?? [:] { arguments[name] = value as? String ?? "" }
                try session.send(event: text("event"), arguments: arguments, answers: answers)
            case "advance": try session.advance(by: text("duration"))
            case "next-timeout": try session.advanceToNextTimeout()
            case "finish": try session.finishActivity(of: text("state"), answers: answers)
            case "fail": try session.failActivity(of: text("state"), error: text("error"), answers: answers)
            case "back": try session.back()
            case "guard":
                guard let value = object["value"] as? Bool else { return refusal("a guard's value is true or false") }
                try session.setGuard(text("guard"), to: value)
            case "ask":
                guard let value = object["value"] as? Bool else { return refusal("whether to ask is true or false") }
                try session.setAsking(text("guard"), value)
            case "line": try session.run(line: text("line"))
            case "restart": try session.restart(from: .initial)
            default: return refusal("unknown action '\(action)'")
            }
        } catch {
            return refusal(error.message, question: error.question)
        }
        onChange?(updateEvent)
        return json(view())
    }

    /// Starts the session again from the snapshot in `body` (a snapshot file, as `save` writes it).
    private func restore(_ body: [UInt8]) -> PreviewServer.Response {
        let snapshot: Snapshot
        do throws(JSONReadError) {
            snapshot = try Snapshot.decode(body)
        } catch {
            let location = SourceFile(path: "snapshot", bytes: body).location(of: error.offset)
            return refusal("the snapshot is not valid: line \(location.line), column \(location.column): \(error.message)")
        }
        do throws(PreviewSession.Refusal) {
            try session.restart(from: .snapshot(snapshot, name: PreviewSession.startSnapshotName))
        } catch {
            return refusal("the snapshot does not fit the machine: \(error.message)")
        }
        onChange?(updateEvent)
        return json(view())
    }

    /// Tells every page that the session changed (the server's event streams).
    var onChange: ((String) -> Void)?

    // MARK: - The page

    /// The page, its style and script inlined; `data`, for an exported page, is the JSON it shows.
    func page(data: String?) -> String {
        var html = PreviewAssets.html
        html = html.replacingOccurrences(of: "/*FSMC-CSS*/", with: PreviewAssets.css)
        html = html.replacingOccurrences(of: "/*FSMC-JS*/", with: PreviewAssets.javascript)
        let title = session.model.name.replacingOccurrences(of: "<", with: "&lt;")
        html = html.replacingOccurrences(of: "FSMC-TITLE", with: title)
        // Inside <script>, `</` would end it: JSON may write `<\/` instead.
        let embedded = (data ?? "null").replacingOccurrences(of: "</", with: "<\\/")
        return html.replacingOccurrences(of: "/*FSMC-DATA*/null", with: embedded)
    }

    /// The exported page: the script's steps computed here, each a view, and the SVG.
    func exportedPage() -> String {
        let replay = PreviewSession(
            model: session.model, answers: session.optionAnswers, delays: session.delays, start: session.start)
        var frames = [stripped(replay.view())]
        for line in session.script {
            try? replay.run(line: line)
            frames.append(stripped(replay.view()))
        }
        let data = JSONValue.object([
            ("export", .bool(true)),
            ("file", .string(path)),
            ("svg", svg.map(JSONValue.string) ?? .null),
            ("graphviz", graphvizProblem.map(JSONValue.string) ?? .null),
            ("log", .array(session.log.map(JSONValue.string))),
            ("script", .array(session.script.map(JSONValue.string))),
            ("frames", .array(frames)),
        ])
        var writer = JSONWriter(layout: .compact)
        data.write(to: &writer)
        return page(data: writer.text)
    }

    /// A view without its log and script (the exported page holds them once).
    private func stripped(_ view: JSONValue) -> JSONValue {
        guard case .object(let members) = view else { return view }
        return .object(members.filter { !["log", "script"].contains($0.0) })
    }
}
