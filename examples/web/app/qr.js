// The invitation's QR code, drawn on the device from the join link (no request to the server, and
// offline too): ISO/IEC 18004's byte mode at error correction level M, the smallest version the
// text fits, the mask of least penalty. Loaded when an invitation is first shown (friend.js).
// tests/qr.test.mjs compares its modules with python3-qrcode's for the same text.

// Level M's error correction codewords per block and number of blocks, versions 1 to 40.
const EC_PER_BLOCK = [
  10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28,
  28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
];
const BLOCKS = [
  1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35,
  37, 38, 40, 43, 45, 47, 49,
];
const LEVEL_M_BITS = 0b00;
const FORMAT_POLYNOMIAL = 0x537;
const FORMAT_XOR = 0x5412;
const VERSION_POLYNOMIAL = 0x1f25;
const PAD_BYTES = [0xec, 0x11];

const sizeOf = (version) => 17 + 4 * version;

// The modules that hold data and error correction: the whole square but the function patterns.
function dataModules(version) {
  const size = sizeOf(version);
  const aligns = alignmentCentres(version).length;
  let modules = size * size - 3 * 64 - 2 * (size - 16) - 31; // finders with separators, timing, format, dark module
  if (aligns > 0) modules -= 25 * (aligns * aligns - 3) - 10 * (aligns - 2); // alignments, less their overlap with timing
  if (version >= 7) modules -= 36; // the two version blocks
  return modules;
}

const dataCodewords = (version) => (dataModules(version) >> 3) - EC_PER_BLOCK[version - 1] * BLOCKS[version - 1];

// The rows (and columns) of the alignment patterns' centres: 6, then evenly spaced (an even
// step) down to the last, size - 7.
function alignmentCentres(version) {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const last = sizeOf(version) - 7;
  const step = version === 32 ? 26 : Math.ceil((last - 6) / (count - 1) / 2) * 2;
  const centres = [6];
  for (let centre = last - step * (count - 2); centre <= last; centre += step) centres.push(centre);
  return centres;
}

// ---- Reed-Solomon over GF(256), polynomial x^8 + x^4 + x^3 + x^2 + 1 ----------------------------
const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
for (let power = 0, value = 1; power < 255; power += 1) {
  EXP[power] = value;
  LOG[value] = power;
  value <<= 1;
  if (value & 0x100) value ^= 0x11d;
}
for (let power = 255; power < 512; power += 1) EXP[power] = EXP[power - 255];
const multiply = (a, b) => (a === 0 || b === 0 ? 0 : EXP[LOG[a] + LOG[b]]);

// The generator (x - a^0)(x - a^1)...(x - a^(degree-1)), its coefficients highest first, the
// leading 1 left out.
function generator(degree) {
  let poly = [1];
  for (let root = 0; root < degree; root += 1) {
    const next = new Array(poly.length + 1).fill(0);
    poly.forEach((coefficient, i) => {
      next[i] ^= coefficient;
      next[i + 1] ^= multiply(coefficient, EXP[root]);
    });
    poly = next;
  }
  return poly.slice(1);
}

function remainder(data, divisor) {
  const rest = new Array(divisor.length).fill(0);
  for (const byte of data) {
    const factor = byte ^ rest.shift();
    rest.push(0);
    divisor.forEach((coefficient, i) => (rest[i] ^= multiply(coefficient, factor)));
  }
  return rest;
}

// ---- the codewords -------------------------------------------------------------------------------

/** The smallest version (1-40) that holds `length` bytes at level M in byte mode. */
export function versionFor(length) {
  for (let version = 1; version <= 40; version += 1) {
    const countBits = version < 10 ? 8 : 16;
    if (4 + countBits + 8 * length <= 8 * dataCodewords(version)) return version;
  }
  throw new RangeError(`${length} bytes are more than a QR code holds at level M`);
}

// The data's codewords (mode, count, bytes, terminator, padding) then the blocks' error
// correction, interleaved, as bits.
function codewordBits(bytes, version) {
  const bits = [];
  const put = (value, count) => {
    for (let bit = count - 1; bit >= 0; bit -= 1) bits.push((value >>> bit) & 1);
  };
  const capacity = 8 * dataCodewords(version);
  put(0b0100, 4);
  put(bytes.length, version < 10 ? 8 : 16);
  for (const byte of bytes) put(byte, 8);
  put(0, Math.min(4, capacity - bits.length));
  put(0, (8 - (bits.length % 8)) % 8);
  for (let pad = 0; bits.length < capacity; pad += 1) put(PAD_BYTES[pad % 2], 8);
  const data = [];
  for (let i = 0; i < bits.length; i += 8) data.push(parseInt(bits.slice(i, i + 8).join(""), 2));

  const blockCount = BLOCKS[version - 1];
  const divisor = generator(EC_PER_BLOCK[version - 1]);
  const shortLength = Math.floor(data.length / blockCount);
  const longBlocks = data.length % blockCount; // the last blocks hold one codeword more
  const blocks = [];
  for (let block = 0, start = 0; block < blockCount; block += 1) {
    const length = shortLength + (block >= blockCount - longBlocks ? 1 : 0);
    const part = data.slice(start, start + length);
    blocks.push({ data: part, ec: remainder(part, divisor) });
    start += length;
  }
  const interleaved = [];
  for (let i = 0; i <= shortLength; i += 1)
    for (const { data: part } of blocks) if (i < part.length) interleaved.push(part[i]);
  for (let i = 0; i < divisor.length; i += 1) for (const { ec } of blocks) interleaved.push(ec[i]);
  const out = [];
  for (const codeword of interleaved) for (let bit = 7; bit >= 0; bit -= 1) out.push((codeword >>> bit) & 1);
  return out;
}

// ---- the symbol ----------------------------------------------------------------------------------

const MASKS = [
  (row, col) => (row + col) % 2 === 0,
  (row) => row % 2 === 0,
  (row, col) => col % 3 === 0,
  (row, col) => (row + col) % 3 === 0,
  (row, col) => (Math.floor(row / 2) + Math.floor(col / 3)) % 2 === 0,
  (row, col) => ((row * col) % 2) + ((row * col) % 3) === 0,
  (row, col) => (((row * col) % 2) + ((row * col) % 3)) % 2 === 0,
  (row, col) => (((row + col) % 2) + ((row * col) % 3)) % 2 === 0,
];

// `value` followed by its BCH remainder (`bits` of it) for `polynomial`.
function withRemainder(value, polynomial, bits) {
  let rest = value << bits;
  const top = 31 - Math.clz32(polynomial);
  for (let bit = 31 - Math.clz32(rest); bit >= top; bit -= 1) if (rest & (1 << bit)) rest ^= polynomial << (bit - top);
  return (value << bits) | rest;
}

class Modules {
  constructor(size, dark = new Uint8Array(size * size), fixed = new Uint8Array(size * size)) {
    this.size = size;
    this.dark = dark;
    this.fixed = fixed; // function patterns: no data, no mask
  }

  set(row, col, dark) {
    this.dark[row * this.size + col] = dark ? 1 : 0;
    this.fixed[row * this.size + col] = 1;
  }
}

function functionPatterns(version) {
  const symbol = new Modules(sizeOf(version));
  const { size } = symbol;
  for (let i = 0; i < size; i += 1) {
    symbol.set(6, i, i % 2 === 0);
    symbol.set(i, 6, i % 2 === 0);
  }
  for (const [row, col] of [
    [3, 3],
    [3, size - 4],
    [size - 4, 3],
  ])
    finder(symbol, row, col);
  const centres = alignmentCentres(version);
  for (const row of centres)
    for (const col of centres) {
      const onFinder = (row === 6 && (col === 6 || col === size - 7)) || (row === size - 7 && col === 6);
      if (!onFinder) alignment(symbol, row, col);
    }
  formatBits(symbol, 0); // reserved now, written with the mask chosen
  if (version >= 7) {
    const bits = withRemainder(version, VERSION_POLYNOMIAL, 12);
    for (let i = 0; i < 18; i += 1) {
      const dark = (bits >>> i) & 1;
      const near = Math.floor(i / 3);
      const far = size - 11 + (i % 3);
      symbol.set(near, far, dark);
      symbol.set(far, near, dark);
    }
  }
  return symbol;
}

function finder(symbol, row, col) {
  for (let dr = -4; dr <= 4; dr += 1)
    for (let dc = -4; dc <= 4; dc += 1) {
      const r = row + dr;
      const c = col + dc;
      if (r < 0 || c < 0 || r >= symbol.size || c >= symbol.size) continue;
      const ring = Math.max(Math.abs(dr), Math.abs(dc)); // 0-1 dark core, 2 light, 3 dark, 4 separator
      symbol.set(r, c, ring !== 2 && ring !== 4);
    }
}

function alignment(symbol, row, col) {
  for (let dr = -2; dr <= 2; dr += 1)
    for (let dc = -2; dc <= 2; dc += 1) symbol.set(row + dr, col + dc, Math.max(Math.abs(dr), Math.abs(dc)) !== 1);
}

// The format's 15 bits (level M, the mask), twice: around the top-left finder, and split between
// the other two; with the dark module above the bottom-left finder.
function formatBits(symbol, mask) {
  const { size } = symbol;
  const bits = withRemainder((LEVEL_M_BITS << 3) | mask, FORMAT_POLYNOMIAL, 10) ^ FORMAT_XOR;
  for (let i = 0; i < 15; i += 1) {
    const dark = (bits >>> i) & 1;
    symbol.set(i < 6 ? i : i < 8 ? i + 1 : size - 15 + i, 8, dark);
    symbol.set(8, i < 8 ? size - 1 - i : i === 8 ? 7 : 14 - i, dark);
  }
  symbol.set(size - 8, 8, 1);
}

// The bits in two-column strips from the bottom right, up then down, the timing column skipped.
function placeData(symbol, bits) {
  const { size } = symbol;
  let next = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    const upward = ((right + 1) & 2) === 0;
    for (let step = 0; step < size; step += 1) {
      const row = upward ? size - 1 - step : step;
      for (const col of [right, right - 1]) {
        const at = row * size + col;
        if (symbol.fixed[at]) continue;
        symbol.dark[at] = next < bits.length ? bits[next] : 0;
        next += 1;
      }
    }
  }
}

function masked(symbol, mask) {
  const { size } = symbol;
  const copy = new Modules(size, symbol.dark.slice(), symbol.fixed);
  for (let row = 0; row < size; row += 1)
    for (let col = 0; col < size; col += 1) {
      const at = row * size + col;
      if (!copy.fixed[at] && MASKS[mask](row, col)) copy.dark[at] ^= 1;
    }
  formatBits(copy, mask);
  return copy;
}

/** The penalty of a symbol's modules (ISO/IEC 18004, 7.8.3): runs of five or more alike, 2x2
 * blocks alike, finder-like 1:1:3:1:1 patterns beside four light modules, dark's share far from
 * half. `dark`: the modules row by row, `size` a side. */
export function penalty(dark, size) {
  const at = (row, col) => dark[row * size + col];
  let points = 0;
  for (const line of [(i, j) => at(i, j), (i, j) => at(j, i)])
    for (let i = 0; i < size; i += 1) {
      let run = 1;
      for (let j = 1; j <= size; j += 1) {
        if (j < size && line(i, j) === line(i, j - 1)) run += 1;
        else {
          if (run >= 5) points += run - 2;
          run = 1;
        }
      }
      for (let j = 0; j + 11 <= size; j += 1) {
        let word = 0;
        for (let k = 0; k < 11; k += 1) word = (word << 1) | line(i, j + k);
        if (word === 0b10111010000 || word === 0b00001011101) points += 40;
      }
    }
  for (let row = 0; row + 1 < size; row += 1)
    for (let col = 0; col + 1 < size; col += 1) {
      const colour = at(row, col);
      if (at(row, col + 1) === colour && at(row + 1, col) === colour && at(row + 1, col + 1) === colour) points += 3;
    }
  const darkCount = dark.reduce((sum, module) => sum + module, 0);
  points += 10 * Math.floor(Math.abs((darkCount * 100) / (size * size) - 50) / 5);
  return points;
}

/** The QR code of `text` (UTF-8, byte mode, level M): {version, mask, size, dark}, `dark` the
 * modules row by row (1 dark). `version` and `mask` may be imposed (else the smallest version
 * and the mask of least penalty, the first of equals). */
export function qrCode(text, { version, mask } = {}) {
  const bytes = new TextEncoder().encode(text);
  const chosenVersion = version ?? versionFor(bytes.length);
  if (versionFor(bytes.length) > chosenVersion) throw new RangeError(`version ${chosenVersion} is too small`);
  const symbol = functionPatterns(chosenVersion);
  placeData(symbol, codewordBits(bytes, chosenVersion));
  let best = null;
  for (const candidate of mask === undefined ? MASKS.keys() : [mask]) {
    const drawn = masked(symbol, candidate);
    const points = penalty(drawn.dark, drawn.size);
    if (best === null || points < best.points) best = { points, mask: candidate, dark: drawn.dark };
  }
  return { version: chosenVersion, mask: best.mask, size: symbol.size, dark: best.dark };
}

/** The QR code of `text` as SVG: the dark modules' runs along each row as one path, in a quiet
 * zone of four modules, `moduleMm` millimetres a module. */
export function qrSvg(text, moduleMm = 0.8) {
  const { size, dark } = qrCode(text);
  const side = size + 8;
  const runs = [];
  for (let row = 0; row < size; row += 1)
    for (let col = 0; col < size;) {
      if (!dark[row * size + col]) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < size && dark[row * size + col]) col += 1;
      runs.push(`M${start + 4} ${row + 4}h${col - start}v1h-${col - start}z`);
    }
  const length = `${+(side * moduleMm).toFixed(3)}mm`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${length}" height="${length}" viewBox="0 0 ${side} ${side}" ` +
    `shape-rendering="crispEdges"><rect width="${side}" height="${side}" fill="#fff"/>` +
    `<path d="${runs.join("")}" fill="#000"/></svg>`
  );
}
