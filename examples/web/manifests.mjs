// The app's manifests, one per language of i18n/languages.json (manifest.TAG.webmanifest): the
// name, short name and description from that language's catalogue (keys manifest.*), the rest
// the same for all. The page links the one of its language (app/language.js).
//   node manifests.mjs I18N_DIR OUTPUT_DIR
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const [i18n, output] = process.argv.slice(2);
const languages = JSON.parse(readFileSync(join(i18n, "languages.json"), "utf8"));
for (const tag of languages) {
  const words = JSON.parse(readFileSync(join(i18n, `${tag}.json`), "utf8"));
  const manifest = {
    lang: tag,
    dir: "ltr",
    name: words["manifest.name"],
    short_name: words["manifest.short_name"],
    description: words["manifest.description"],
    start_url: "./index.html",
    scope: "./",
    display: "standalone",
    orientation: "any",
    background_color: "#f6f1e4",
    theme_color: "#5a3d1e",
    icons: [
      { src: "icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
      { src: "icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    ],
  };
  writeFileSync(join(output, `manifest.${tag}.webmanifest`), `${JSON.stringify(manifest, null, 2)}\n`);
}
