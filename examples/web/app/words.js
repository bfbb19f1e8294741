//# allFunctionsCalledOnLoad
import { binaryDice } from "./dice.js";
import { has, rulesetKey, t } from "./messages.js";
import { arrival } from "./moves.js";
import { catalogueOf, gameFact, state } from "./state.js";

// ---- names -------------------------------------------------------------------------------------

export const gameName = (id) => t(`game.${id}`, {}, catalogueOf(id)?.name ?? id);
export const sideName = (player) => t(`side.${player}`);
// A refusal of the game server in words: its code's (server.error.CODE: every code of
// schemas/server has them in every language), "network" (no answer) the connection's, else the
// fallback's.
export const refusalWords = (code, fallback) =>
  t(code === "network" ? "online.offline" : `server.error.${code}`, {}, t(fallback));
// A game's card in the new-game dialog: its name, what kind of game it is and how long a game
// takes (the game's words; a game without them: the catalogue's name alone).
export const cardWords = (id) => ({
  name: gameName(id),
  about: t(`newgame.about.${id}`, {}, ""),
  length: t(`newgame.length.${id}`, {}, ""),
});
// A ruleset's name: the game's words (ruleset.ID.RULESET), else the catalogue's name or id.
export const rulesetName = (id, ruleset) =>
  t(
    `ruleset.${id}.${ruleset}`,
    {},
    catalogueOf(id)?.rulesets.find((entry) => entry.id === ruleset)?.name ?? String(ruleset),
  );

export function playerName(player) {
  if (state.online && state.online.seat !== null) {
    const other = state.online.lobby ? "lobby.player_opponent" : "player.friend";
    return t(player === state.online.seat ? "player.you" : other, { side: sideName(player) });
  }
  if (state.settings.opponent === "human") return sideName(player);
  return t(player === state.settings.computer ? "player.computer" : "player.you", { side: sideName(player) });
}

// A roll in words: the dice's values added up ("3 + 5"); binary dice (the Royal Game of Ur) by
// what they move ("3"; the dice's box says also how many marked tips are up: binaryWords): a
// throw with none marked moves what the game's app.json says for that many dice, if it says
// ("binary_throw_of_none": Ur's three dice of Masters' rules move 4, docs/rules/ur.md; a
// ruleset may say its own: gameFact), else 0.
export const binaryTotal = (dice, gameId = state.game?.id) => {
  const marked = dice.reduce((sum, value) => sum + value, 0);
  return marked === 0 ? (gameFact(gameId, "binary_throw_of_none")?.[dice.length] ?? 0) : marked;
};

export function diceWords(dice, gameId = state.game?.id) {
  return binaryDice(gameId) ? String(binaryTotal(dice, gameId)) : dice.join(" + ");
}

// Binary dice in full: "3 (3 marked tips up)"; a game's own words where it has them
// (dice.binary.ID: sticks are not tetrahedra).
export function binaryWords(dice, gameId = state.game?.id) {
  const key = has(`dice.binary.${gameId}`) ? `dice.binary.${gameId}` : "dice.binary";
  return t(key, { total: binaryTotal(dice, gameId), count: dice.reduce((sum, value) => sum + value, 0) });
}

// The names the board shows for each player's positions (board.js: setCellNames, from the
// picture drawn): a race board names its cells along one player's route, so the other player's
// positions are said by the cell's name on the board ("24", not that player's "25"); a name the
// board shows on two cells (Duodecim's I..VI, Ur's 1..4 in each player's own row) is said with
// the side whose cell it is. Null: the position's own name (a square, a board without cells).
let cellNames = null;
export function setCellNames(names) {
  cellNames = names;
}

// A position of a move in words: a square or cell keeps its name (as the board shows it, for
// the player whose move it is), a tray is named.
export function placeName(name, player) {
  const shown = player === undefined ? undefined : cellNames?.[player]?.[name];
  if (shown) return shown.twice ? t("position.cell_of", { cell: shown.label, side: sideName(player) }) : shown.label;
  return t(`position.${name}`, {}, String(name));
}

// keys: "move" for "{who}: da 4 a 9", "said" for the words without the player ("da 4 a 9").
export function describeMove(move, player, keys = "move") {
  const who = playerName(player);
  const captures = move.captured_count ?? (Array.isArray(move.captures) ? move.captures.length : (move.captures ?? 0));
  const blocks = (move.blocks ?? []).length;
  const from = move.from_name ?? move.from;
  const to = move.to_name ?? move.to;
  let text;
  if (move.text === "pass" || move.kind === "pass") text = t(`${keys}.pass`, { who });
  else if (move.kind === "remove") text = t(`${keys}.remove`, { who, square: placeName(arrival(move), player) });
  else if (from === undefined) text = t(`${keys}.place`, { who, to: placeName(to, player) });
  else {
    // a step from or to a named tray where the words have a verb for it ("entra in V")
    const key = [`${keys}.from_${from}`, `${keys}.to_${to}`].find(has) ?? `${keys}.step`;
    text = t(key, { who, from: placeName(from, player), to: placeName(to, player) });
  }
  if (move.kind !== "remove" && captures > 0) text += " " + t("move.captures", { count: captures });
  // the Royal Game of Ur: a rosette (or, in Blitz, a capture) gives another throw (the words
  // begin with their own comma: ", rosetta: tira ancora", short enough for a phone's two lines)
  if (move.roll_again) text += t(move.rosette ? "move.rosette_again" : "move.roll_again");
  if (blocks > 0) text += " " + t("move.blocks", { count: blocks });
  return text;
}

// Who is speaking of, in words a person says: "tu", "il computer" (two people: the sides).
function speaker(player) {
  if (state.settings.opponent === "human") return sideName(player);
  return t(player === state.settings.computer ? "speaker.computer" : "speaker.you");
}

// What the computer did in its turn, written out on screen (#narration) besides the live region:
// its roll and each of its moves, kept until the person acts; at a game's start, the opening
// roll and who starts. Kept as data, so that a change of language writes it again.

export function narrate(kind, value) {
  if (kind === "clear") state.narration = { opening: false, dice: null, moves: [] };
  else if (kind === "start") state.narration = { opening: true, dice: null, moves: [] };
  // the throws that decided who starts (Senet's opening; `value`: its throws and the starter), in
  // place of the computer's throws and passes there, told until the person acts
  else if (kind === "decided") state.narration = { opening: false, dice: null, moves: [], decided: value };
  // the computer's first action replaces the opening (read alone for two paces: afterChange)
  else if (kind === "roll")
    state.narration = { opening: false, dice: value, moves: [], decided: state.narration.decided };
  else state.narration = { ...state.narration, opening: false, moves: [...state.narration.moves, value] };
}

// Whether the players are throwing to see who starts (Senet's opening: the position's
// "opening"); every action of the game so far is then one of those throws or its pass.
export const inOpening = () => state.game?.position?.opening === true;

// The throws of the game so far, each its player's and what it counts: while inOpening(), the
// opening's throws.
export const openingThrows = () =>
  state.game.history
    .filter((event) => /^roll /.test(event.text))
    .map((event) => ({ player: event.player, count: diceWords(event.text.slice(5).trim().split(" ").map(Number)) }));

// The opening in words: the throws so far, how it goes (the game's words, by its ruleset:
// opening.rule.ID), and once it is decided who starts. The throws first: under a wide board on a
// landscape phone the narration has two lines.
const OPENING_THROWS_SAID = 4;
function openingText(throws, starter) {
  const parts = [];
  const rule = rulesetKey(`opening.rule.${state.game.id}`, state.game.ruleset);
  if (throws.length) {
    // the last few (Kendall's opening lasts four throws on average, sometimes twenty)
    const said = throws
      .slice(-OPENING_THROWS_SAID)
      .map(({ player, count }) => t("opening.throw", { who: speaker(player), count }));
    if (throws.length > OPENING_THROWS_SAID) said.unshift("…");
    parts.push(t("opening.throws", { throws: said.join(", ") }));
  }
  if (starter === undefined && has(rule)) parts.push(t(rule));
  else if (starter !== undefined) parts.push(startsText(starter));
  return parts;
}

const startsText = (first) =>
  state.settings.opponent === "human"
    ? t("starts.side", { side: sideName(first) })
    : t(first === state.settings.computer ? "starts.computer" : "starts.you");

export function narrationText() {
  if (inOpening()) return openingText(openingThrows()).join(" ");
  const parts = [];
  const decided = state.narration.decided;
  if (decided) parts.push(...openingText(decided.throws, decided.starter));
  if (state.narration.opening) {
    const rounds = state.game.toJSON().setup?.opening_rolls ?? [];
    if (rounds.length) {
      parts.push(
        t("opening.roll", {
          rolls: rounds
            .map(([a, b, c, d]) =>
              t("opening.round", {
                light: speaker(0),
                light_dice: `${a} + ${b}`,
                dark: speaker(1),
                dark_dice: `${c} + ${d}`,
              }),
            )
            .join("; "),
        }),
      );
    }
    if (!decided) parts.push(startsText(state.game.history[0]?.player ?? state.game.toMove));
  }
  // the computer's turn, or against a friend the friend's (the friend's seat is settings.computer:
  // friend.js), or a stranger's (the lobby's games)
  const actor = state.online?.seat == null ? "" : state.online.lobby ? "opponent_" : "friend_"; // a spectator: as two people
  const dice = state.narration.dice && diceWords(state.narration.dice);
  const moves = state.narration.moves.map((move) => describeMove(move, state.settings.computer, "said")).join(", ");
  if (dice && moves) parts.push(t(`narrate.${actor}rolled_played`, { dice, moves }));
  else if (dice) parts.push(t(`narrate.${actor}rolled`, { dice }));
  else if (moves) parts.push(t(`narrate.${actor}played`, { moves }));
  return parts.join(" ");
}

export function describeEvent(event) {
  const roll = /^roll ((?:\d+ ?)+)$/.exec(event.text);
  if (roll)
    return t("event.roll", { who: playerName(event.player), dice: diceWords(roll[1].trim().split(" ").map(Number)) });
  if (event.text === "draw agreed") return t("event.draw_agreed");
  return describeMove(parseMoveText(event.text), event.player);
}

// A history event's move, from its notation: "b2-b5", "c4" (placed), "H-III", "3-7:4", "pass".
export function parseMoveText(text) {
  if (text === "pass") return { text };
  const step = /^([^-\s:]+)-([^:\s]+)/.exec(text);
  if (step) return { text, from: step[1], to: step[2] };
  const removed = /^x([a-z]\d+)$/.exec(text);
  if (removed) return { text, kind: "remove", captures: [removed[1]] };
  return { text, to: text };
}

// The end of the game in words: the reason the library gives, or the app's own (resignation),
// told by naming the sides ("the dux of Dark (computer) is immobilised"), so that it reads true
// to the winner and to the loser alike.
export function endReason() {
  if (state.resigned !== null)
    return t(state.online?.view?.end_reason === "timeout" ? "lobby.reason_timeout" : "reason.resigned", {
      who: playerName(state.resigned),
    });
  // The library's reason ("end_reason" of the position, libludus 1.1); before 1.1 only an
  // agreed draw can be told, from the history.
  const reason =
    state.game.position.end_reason ?? (state.game.history.at(-1)?.text === "draw agreed" ? "agreed_draw" : null);
  if (!reason || !has(`reason.${reason}`)) return "";
  const winner = winnerOf();
  const sides = winner === null ? {} : { winner: playerName(winner), loser: playerName(1 - winner) };
  // The side left without a move is the player to move at the end, in every ruleset; it is not
  // always the loser (Kowalski's rulesets decide on captures, a draw when even), so it is named.
  if (reason === "no_moves") return t(noMovesKey(winner), { ...sides, stuck: playerName(state.game.position.to_move) });
  return t(`reason.${reason}`, sides);
}

// A game's own words for how a game without a move left was decided, by its ruleset and result
// (reason.no_moves.latrunculi.kowalski.won / .drawn: on captures), else the app's (the side
// without a move lost).
function noMovesKey(winner) {
  const part = winner === null ? "drawn" : "won";
  const key = rulesetKey(`reason.no_moves.${state.game.id}`, state.game.ruleset, part);
  return has(`${key}.${part}`) ? `${key}.${part}` : "reason.no_moves";
}

export function winnerOf() {
  if (state.resigned !== null) return 1 - state.resigned;
  return state.game.winner;
}
