// The app's QR encoder (app/qr.js) against python3-qrcode (the server's encoder): the same
// modules for the same text, version and mask, in every version and every mask; the same
// smallest version at each version's limit; the same penalty of a symbol; and the encoder's
// own choices (the mask of least penalty, the refusal of a text too long).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";
import { penalty, qrCode, qrSvg, versionFor } from "../app/qr.js";

const PYTHON = process.env.LUDUS_PYTHON ?? "/usr/bin/python3";
// Given [{text, version, mask}] (version and mask imposed) or [{text, fit: true}] (the version
// qrcode fits, no symbol made) or [{rows}] (qrcode's penalty of those modules), on stdin.
const REFERENCE = `
import json, sys
import qrcode
from qrcode.util import QRData, MODE_8BIT_BYTE, lost_point
answers = []
for case in json.load(sys.stdin):
    if "rows" in case:
        answers.append(lost_point([[module == "1" for module in row] for row in case["rows"]]))
        continue
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=0,
                         version=case.get("version"), mask_pattern=case.get("mask"))
    code.add_data(QRData(case["text"].encode(), mode=MODE_8BIT_BYTE))
    if case.get("fit"):
        answers.append(code.best_fit())
        continue
    code.make(fit=False)
    answers.append(["".join("1" if module else "0" for module in row) for row in code.get_matrix()])
print(json.dumps(answers))
`;
const reference = (cases) =>
  JSON.parse(execFileSync(PYTHON, ["-c", REFERENCE], { input: JSON.stringify(cases), maxBuffer: 1 << 28 }).toString());

const rowsOf = ({ size, dark }) =>
  Array.from({ length: size }, (_, row) => dark.subarray(row * size, (row + 1) * size).join(""));

const LINKS = [
  "https://ludus.example.org/#join=Q2hpY2FnbyBpcyBjb2xkLg.c2VjcmV0LWludml0ZQ",
  "http://127.0.0.1:8080/#join=x3XyZ0123456789abcdefghijk_-A.Bcdefghijklmnopqrstuvwx",
  "https://museo.example.it/ludus/?lang=it#join=a.b",
  "https://λudus.example/#join=ἀγών.π", // more bytes than characters
];

// The longest text of bytes each version holds at level M (to find the limits without the table).
function limitOf(version) {
  const fits = (length) => {
    try {
      return versionFor(length) <= version;
    } catch {
      return false; // more than version 40 holds
    }
  };
  let length = 1;
  while (fits(length + 1)) length += 1;
  return length;
}

test("qr: every mask of a link gives qrcode's modules", () => {
  const cases = [];
  for (const text of LINKS)
    for (let mask = 0; mask < 8; mask += 1)
      cases.push({ text, version: versionFor(new TextEncoder().encode(text).length), mask });
  const expected = reference(cases);
  cases.forEach((imposed, i) =>
    assert.deepEqual(rowsOf(qrCode(imposed.text, imposed)), expected[i], JSON.stringify(imposed)),
  );
});

test("qr: every version, full to its limit, gives qrcode's modules (blocks, alignment, version bits)", () => {
  const cases = [];
  for (let version = 1; version <= 40; version += 1)
    cases.push({ text: "ludus ".repeat(400).slice(0, limitOf(version)), version, mask: version % 8 });
  const expected = reference(cases);
  cases.forEach((imposed, i) =>
    assert.deepEqual(rowsOf(qrCode(imposed.text, imposed)), expected[i], `version ${imposed.version}`),
  );
});

test("qr: the smallest version is qrcode's on both sides of each version's limit", () => {
  const cases = [];
  for (let version = 1; version <= 40; version += 1) {
    const limit = limitOf(version);
    cases.push({ text: "x".repeat(limit), fit: true }, { text: "x".repeat(limit + 1), fit: true });
  }
  cases.pop(); // past version 40: no version holds it
  const expected = reference(cases);
  cases.forEach(({ text }, i) => assert.equal(versionFor(text.length), expected[i], `${text.length} bytes`));
  assert.equal(limitOf(40), 2331);
  assert.throws(() => qrCode("x".repeat(2332)), RangeError);
  assert.throws(() => qrCode(LINKS[0], { version: 1 }), /too small/);
});

test("qr: a symbol's penalty is qrcode's, and the mask chosen has the least", () => {
  const symbols = [];
  for (const text of LINKS) for (let mask = 0; mask < 8; mask += 1) symbols.push(qrCode(text, { mask }));
  const expected = reference(symbols.map((symbol) => ({ rows: rowsOf(symbol) })));
  const own = symbols.map(({ dark, size }) => penalty(dark, size));
  // qrcode weighs a mask with the format's modules left light; both count the same way on a
  // finished symbol
  assert.deepEqual(own, expected);
  LINKS.forEach((text, i) => {
    const chosen = qrCode(text);
    const points = own.slice(8 * i, 8 * i + 8);
    assert.equal(chosen.mask, points.indexOf(Math.min(...points)), text);
    assert.deepEqual(chosen.dark, symbols[8 * i + chosen.mask].dark);
  });
});

test("qr: the SVG draws each dark module once, in a quiet zone of four", () => {
  const { size, dark } = qrCode(LINKS[0]);
  const svg = qrSvg(LINKS[0]);
  assert.match(svg, new RegExp(`viewBox="0 0 ${size + 8} ${size + 8}"`));
  const drawn = new Uint8Array(size * size);
  for (const [, col, row, length] of svg.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g))
    for (let k = 0; k < Number(length); k += 1) {
      const at = (Number(row) - 4) * size + Number(col) - 4 + k;
      assert.equal(drawn[at], 0, "drawn twice");
      drawn[at] = 1;
    }
  assert.deepEqual(drawn, dark);
});
