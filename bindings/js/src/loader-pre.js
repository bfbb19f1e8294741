//# allFunctionsCalledOnLoad
// Prepended to ludus.mjs (--extern-pre-js): the first line asks Chromium to compile the loader's
// functions as it downloads them, off the page's thread, rather than each at its first call on it.
