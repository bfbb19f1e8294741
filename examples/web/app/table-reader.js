//# allFunctionsCalledOnLoad
// The Royal Game of Ur's solved table (docs/computer-players.md, "The table file"), read over
// HTTP a few bytes at a time: the whole file (552 MB for Finkel's seven pieces) is never
// downloaded. The library reads it through the JS package's setFileReader (the WebAssembly
// build has no file system): reader.size(path) once, reader.read(path, offset, length) for the
// header at open and then 4 bytes per position it looks up. ai-worker.js gives it the reader
// made here, over synchronous XMLHttpRequests (allowed in a worker, not on the page's thread):
// the file is read in aligned blocks, and the blocks read are kept, up to TABLE_CACHE_BLOCKS, so
// that a game's review costs a few MB at most. No DOM here: it loads in the worker, on the page
// (tableName) and in Node for the tests (with a fake XMLHttpRequest and fetch).

export const TABLE_BLOCK = 4096; // bytes per request (aligned); a position's value is 4
export const TABLE_CACHE_BLOCKS = 1024; // blocks kept: 4 MiB
const MAGIC = "LUDUSURT";
const HEAD = 16; // the magic, the version and the header's length

// The library's name for a game's table (lib/ur/ur_solve.cpp, table_name), for a game whose
// catalogue entry has the level "perfect": ID-RULESET-PIECES-DICE.table, with the pieces and dice
// as the game has them (option 0 is the ruleset's number: read from a new game of those
// options, its pieces in hand and its dice).
export function tableName(Game, id, options) {
  const game = new Game(id, { ...options, seed: 1 });
  try {
    return `${id}-${game.options.ruleset}-${game.toJSON().position.hand[0]}-${game.chanceOutcomes()[0].dice.length}.table`;
  } finally {
    game.close();
  }
}

// "bytes FIRST-LAST/TOTAL" (a 206's Content-Range) as numbers; null for anything else.
export function contentRange(header) {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(String(header ?? "").trim());
  return match ? { first: Number(match[1]), last: Number(match[2]), total: Number(match[3]) } : null;
}

// Whether a table is at `url` and its server answers byte ranges: its first 16 bytes asked for
// (asynchronously, with fetch); the answer must be a 206 with the table's magic and the file's
// size in its Content-Range. Returns the size, or null. A server that ignores Range answers 200
// with the whole file: the request is aborted at its headers, nothing more is downloaded.
export async function probeTable(url, fetchImpl = fetch) {
  const controller = new AbortController();
  try {
    const response = await fetchImpl(url, { headers: { Range: `bytes=0-${HEAD - 1}` }, signal: controller.signal });
    if (response.status !== 206) return null;
    const range = contentRange(response.headers.get("Content-Range"));
    if (!range || range.first !== 0 || range.total <= HEAD) return null;
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.length !== HEAD || String.fromCharCode(...bytes.subarray(0, MAGIC.length)) !== MAGIC) return null;
    return range.total;
  } catch {
    return null; // no server, no file, refused (CORS), aborted
  } finally {
    controller.abort();
  }
}

// A synchronous ranged GET (the reader's requests, in a worker): bytes first..last of `url`, or
// an Error. Only a 206 of exactly those bytes is taken.
export const xhrRange = (XHR) => (url, first, last) => {
  const xhr = new XHR();
  xhr.open("GET", url, false);
  xhr.responseType = "arraybuffer";
  xhr.setRequestHeader("Range", `bytes=${first}-${last}`);
  xhr.send();
  const range = contentRange(xhr.getResponseHeader("Content-Range"));
  const length = xhr.response?.byteLength ?? -1;
  if (xhr.status !== 206 || length !== last - first + 1 || (range && range.first !== first)) {
    throw new Error(`${url}: bytes ${first}-${last} not served (HTTP ${xhr.status}, ${length} bytes)`);
  }
  return new Uint8Array(xhr.response);
};

// The reader the library is given: { size(path), read(path, offset, length) }, over
// request(url, first, last) (xhrRange). Only a table made known first (known(url, size): its
// probe found it and its server answers ranges) is read; any other path, or a read past its
// end, throws (the library's call then fails naming the path). Blocks missing from the cache are
// asked for in one request per run of consecutive blocks; the least recently used blocks are
// dropped beyond maxBlocks. stats: the requests and bytes asked for, for the tests.
export function blockReader(request, { block = TABLE_BLOCK, maxBlocks = TABLE_CACHE_BLOCKS } = {}) {
  const sizes = new Map();
  const cache = new Map(); // "url block" -> bytes, least recently used first
  const stats = { requests: 0, bytes: 0 };
  const key = (url, index) => `${url} ${index}`;
  const keep = (name, bytes) => {
    cache.delete(name);
    cache.set(name, bytes);
    while (cache.size > maxBlocks) cache.delete(cache.keys().next().value);
  };
  const size = (url) => {
    if (!sizes.has(url)) throw new Error(`${url}: no table there that answers byte ranges`);
    return sizes.get(url);
  };
  function read(url, offset, length) {
    const total = size(url);
    if (!Number.isInteger(offset) || !Number.isInteger(length) || offset < 0 || length < 0 || offset + length > total) {
      throw new Error(`${url}: bytes ${offset}+${length} are outside its ${total}`);
    }
    const out = new Uint8Array(length);
    if (length === 0) return out;
    const first = Math.floor(offset / block),
      last = Math.floor((offset + length - 1) / block);
    const blocks = [];
    for (let i = first; i <= last;) {
      const cached = cache.get(key(url, i));
      if (cached) {
        keep(key(url, i), cached);
        blocks.push(cached);
        i += 1;
        continue;
      }
      let j = i;
      while (j < last && !cache.has(key(url, j + 1))) j += 1;
      const start = i * block,
        end = Math.min((j + 1) * block, total) - 1;
      const bytes = request(url, start, end);
      stats.requests += 1;
      stats.bytes += bytes.length;
      for (let k = i; k <= j; k += 1) {
        const piece = bytes.slice((k - i) * block, Math.min((k - i + 1) * block, bytes.length));
        keep(key(url, k), piece);
        blocks.push(piece);
      }
      i = j + 1;
    }
    blocks.forEach((bytes, n) => {
      const at = (first + n) * block; // the block's first byte in the file
      const from = Math.max(offset, at),
        to = Math.min(offset + length, at + bytes.length);
      out.set(bytes.subarray(from - at, to - at), from - offset);
    });
    return out;
  }
  return {
    size,
    read,
    known: (url, bytes) => sizes.set(url, bytes),
    cached: () => cache.size,
    stats,
  };
}

// The options of level "perfect" when its table cannot be read (gone since it was found, the
// network down, the page's own thread): the strongest search, as the computer's turn gives it.
export const withoutTable = ({ seed }) => ({ level: "best", seed, max_time_ms: 1200 });
