// A file of the app as a visitor downloads it (meson.build): a script or the style minified by
// esbuild, each file on its own (the modules stay the modules they are, no bundle), the page
// without its comments and indentation. The compile hint of a script's first line is kept
// (Chromium compiles such a script as it downloads; esbuild drops comments).
//   node minify.mjs INPUT OUTPUT
import { readFileSync, writeFileSync } from "node:fs";
import { transformSync } from "esbuild";

const [input, output] = process.argv.slice(2);
const source = readFileSync(input, "utf8");
const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

function minified() {
  if (input.endsWith(".html")) {
    // Only what no browser renders: the comments, each line's indentation and the empty lines
    // (the page has no preformatted text; a line break still separates what it separated).
    return source
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/^[ \t]+/gm, "")
      .replace(/\n{2,}/g, "\n");
  }
  const { code } = transformSync(source, { loader: input.endsWith(".css") ? "css" : "js", minify: true });
  return source.startsWith(COMPILE_HINT) ? `${COMPILE_HINT}\n${code}` : code;
}

writeFileSync(output, minified());
