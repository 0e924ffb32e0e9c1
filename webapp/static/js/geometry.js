// Board maths the page needs between server round trips: where a spot is, which way a shot goes.
// Every size comes from the server's board JSON (/api/boards/<name>); nothing here is a board dimension.

export const TAU = 2 * Math.PI;

/** Angle wrapped into (-PI, PI]. */
export function wrap(a) {
  return a - TAU * Math.round(a / TAU);
}

/** Half the angular stretch of line a disc centre may start on (radians). */
export function halfSpan(board, seatName) {
  const [lo, hi] = board.seats[seatName].span;
  return (hi - lo) / 2;
}

/** Board position (mm) of a spot in [-1, 1] along a seat's stretch of shooting line. */
export function spotPosition(board, seatName, spot) {
  const a = board.seats[seatName].angle + spot * halfSpan(board, seatName);
  return { x: board.shooting_r * Math.cos(a), y: board.shooting_r * Math.sin(a) };
}

/** The spot nearest to a board point, clamped to the seat's stretch. */
export function nearestSpot(board, seatName, x, y) {
  const delta = wrap(Math.atan2(y, x) - board.seats[seatName].angle);
  return Math.max(-1, Math.min(1, delta / halfSpan(board, seatName)));
}

/** Board direction (radians) of a shot ``angleDeg`` from straight in, + to the shooter's right. */
export function heading(board, seatName, angleDeg) {
  return board.seats[seatName].angle + Math.PI - (angleDeg * Math.PI) / 180;
}

/** Inverse of heading: degrees from straight in for a board direction. */
export function angleOf(board, seatName, dir) {
  return (wrap(board.seats[seatName].angle + Math.PI - dir) * 180) / Math.PI;
}

/**
 * Power (0..1) to release speed (mm/s). The curve gives fine control for soft shots (an open 20 sits near a
 * third of full power) and still reaches a hard takeout.
 */
export const POWER_EXPONENT = 1.5;
export function speedOf(board, power) {
  return Math.min(board.max_speed, 4000) * Math.pow(Math.max(0, Math.min(1, power)), POWER_EXPONENT);
}

/** How far (mm) a pull must go for full power: half the shooting radius, so it fits on a phone. */
export function fullPull(board) {
  return board.outer_r / 2;
}

/** Pulls shorter than this (mm) cancel: a press that barely moved is not a flick. */
export function cancelPull(board) {
  return board.disc_r / 2;
}

/** Does a disc at (x, y) overlap any disc in ``discs``? */
export function blockedBy(board, x, y, discs) {
  return discs.find((d) => Math.hypot(d.x - x, d.y - y) < 2 * board.disc_r) || null;
}
