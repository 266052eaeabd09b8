// Parses Mermaid files with the real Mermaid parser and prints, for each file, one line:
//   ok<TAB>FILE<TAB>STATES<TAB>TRANSITIONS   (without the pseudostates, the notes and their edges)
//   error<TAB>FILE<TAB>MESSAGE
// Used by Tests/EndToEndTests/MermaidParserTests.swift; scripts/need-mermaid-parser fetches the parser.
//
//   node check-mermaid.js PARSER_BUNDLE FILE...
"use strict";
const fs = require("fs");
const [bundle, ...files] = process.argv.slice(2);
// The bundle (mermaid-parser-py's build of Mermaid) defines globalThis.parse_mermaid(text), which
// runs mermaid.parse and returns the parsed diagram's database as JSON.
require(bundle);

(async () => {
  for (const file of files) {
    try {
      const result = JSON.parse(await globalThis.parse_mermaid(fs.readFileSync(file, "utf8")));
      if (result.graph_type !== "stateDiagram") throw new Error(`read as ${result.graph_type}, not stateDiagram`);
      const data = result.graph_data;
      const states = data.nodes.filter(
        (node) => node.shape !== "stateStart" && node.shape !== "stateEnd" && !node.id.includes("----"));
      // A note is a node "X----note-N" inside a group "X----parent", tied to its state by an edge.
      const transitions = data.edges.filter((edge) => !edge.start.includes("----") && !edge.end.includes("----"));
      console.log(["ok", file, states.length, transitions.length].join("\t"));
    } catch (error) {
      const message = String((error && error.message) || error).replace(/\s+/g, " ");
      console.log(["error", file, message].join("\t"));
    }
  }
})();
