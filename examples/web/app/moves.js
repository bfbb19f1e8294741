//# allFunctionsCalledOnLoad
import { state } from "./state.js";

export const origin = (move) => move.from_name ?? move.from;
// Where a move is tapped to be played: its arrival, a placing's square, a removed piece.
export const arrival = (move) => move.to_name ?? move.to ?? (move.captured ?? move.captures)?.[0];
export const isPass = (move) => move.text === "pass" || move.kind === "pass";

export function legalMoves() {
  return state.game.phase === "move" && !isOver() && !state.lesson?.done ? state.game.legalMoves() : [];
}

export const isOver = () => state.game.isOver || state.resigned !== null;
export const isComputer = (player) => state.settings.opponent !== "human" && player === state.settings.computer;
export const isComputerTurn = () => isComputer(state.game.toMove) && !isOver();
// The player whose route the board names: the person's side against the computer or a friend
// (friend.js), the player to move between two people (and for a spectator of an online game).
export const followedPlayer = () =>
  state.online && state.online.seat !== null
    ? state.online.seat
    : state.settings.opponent === "human"
      ? state.game.toMove
      : 1 - state.settings.computer;
// Whether a move takes pieces off the board (its sound: a knock).
export const isCapture = (move) => (move.captured_count ?? move.captured?.length ?? 0) > 0;
