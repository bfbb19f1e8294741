//# allFunctionsCalledOnLoad
// Just enough Markdown for the rules files (rules/*.md, copies of the library's specs):
// headings, paragraphs, lists (nested by indentation), tables, **bold**, *emphasis*, `code`
// (its text as it is), [links](url),
// a picture drawn by the library: a line `[[board {"game": ..., "moves": [...]}]]` followed
// by its caption becomes <figure data-board="..."> for the app to fill; and a line `[[flat]]`
// or `[[turned]]` before a paragraph: its words for the board drawn as it is or turned a
// quarter (<p data-orientation="turned">, shown by the app for the board it draws).
const escape = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
// Code spans are set aside first (a NUL and their index stand in for them), so that no star or
// bracket inside them is read as styling, while bold and links may still span them. Emphasis is
// a star with a word's letter inside it (not "2 * 3"), as in CommonMark.
function inline(text) {
  const code = [];
  return escape(text)
    .replace(/`([^`]+)`/g, (whole, span) => `\0${code.push(span) - 1}\0`)
    .replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>")
    .replace(/(?<![\w*])\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?![\w*])/g, "<em>$1</em>")
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, '<a href="$2">$1</a>')
    .replace(/\0(\d+)\0/g, (whole, index) => `<code>${code[index]}</code>`);
}
const cells = (line) =>
  line
    .trim()
    .replace(/^\||\|$/g, "")
    .split("|")
    .map((cell) => cell.trim());

export function renderMarkdown(markdown) {
  const html = [];
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length;) {
    const line = lines[i];
    if (!line.trim()) {
      i++;
      continue;
    }
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    const board = /^\[\[board (.*)\]\]$/.exec(line.trim());
    const orientation = /^\[\[(flat|turned)\]\]$/.exec(line.trim());
    if (orientation) {
      i = paragraph(lines, i + 1, html, ` data-orientation="${orientation[1]}"`);
    } else if (board) {
      const caption = lines[i + 1]?.trim() ? inline(lines[i + 1].trim()) : "";
      html.push(
        `<figure data-board="${escape(board[1]).replace(/"/g, "&quot;")}"><figcaption>${caption}</figcaption></figure>`,
      );
      i += caption ? 2 : 1;
    } else if (heading) {
      const level = Math.min(heading[1].length + 1, 5);
      html.push(`<h${level}>${inline(heading[2])}</h${level}>`);
      i++;
    } else if (line.startsWith("|")) {
      const rows = [];
      for (; i < lines.length && lines[i].startsWith("|"); i++)
        if (!/^\|[\s:|-]+\|$/.test(lines[i].trim())) rows.push(cells(lines[i]));
      const [head, ...body] = rows;
      html.push(
        `<table><thead><tr>${head.map((c) => `<th>${inline(c)}</th>`).join("")}</tr></thead><tbody>` +
          body.map((r) => `<tr>${r.map((c) => `<td>${inline(c)}</td>`).join("")}</tr>`).join("") +
          "</tbody></table>",
      );
    } else if (/^\s*(-|\d+\.)\s/.test(line)) {
      i = list(lines, i, html);
    } else {
      i = paragraph(lines, i, html, "");
    }
  }
  return html.join("\n");
}

// A paragraph starting at lines[i] (with the given attributes); returns the next line.
function paragraph(lines, i, html, attributes) {
  const text = [];
  for (; i < lines.length && lines[i].trim() && !/^(#|\||\[\[|\s*(-|\d+\.)\s)/.test(lines[i]); i++)
    text.push(lines[i].trim());
  html.push(`<p${attributes}>${inline(text.join(" "))}</p>`);
  return i;
}

// A list starting at lines[i] (items continue on more-indented lines); returns the next line.
function list(lines, i, html) {
  const indent = /^\s*/.exec(lines[i])[0].length;
  const ordered = /^\s*\d+\./.test(lines[i]);
  html.push(ordered ? "<ol>" : "<ul>");
  while (i < lines.length && lines[i].trim()) {
    const depth = /^\s*/.exec(lines[i])[0].length;
    const item = /^\s*(-|\d+\.)\s+(.*)$/.exec(lines[i]);
    if (depth < indent || (depth === indent && !item)) break;
    if (depth > indent && item) {
      html.push("<li>");
      i = list(lines, i, html);
      html.push("</li>");
      continue;
    }
    const text = [item ? item[2] : lines[i].trim()];
    for (
      i++;
      i < lines.length &&
      lines[i].trim() &&
      !/^\s*(-|\d+\.)\s/.test(lines[i]) &&
      /^\s*/.exec(lines[i])[0].length > indent;
      i++
    )
      text.push(lines[i].trim());
    html.push(`<li>${inline(text.join(" "))}</li>`);
  }
  html.push(ordered ? "</ol>" : "</ul>");
  return i;
}
