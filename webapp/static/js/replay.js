// Replays the server's trajectory at the display's rate, interpolating the 60 fps frames by elapsed time.
// The browser never simulates: positions come only from the frames.

export const LEAVE_S = 0.35; // how long a disc takes to leave after it drops or slides off

export function decodeFrames(json) {
  const bin = atob(json.xy);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  const xy = new Float32Array(bytes.buffer);
  const n = json.ids.length;
  // The last frame each disc was seen in, so a leaving disc can fade out where it went.
  const lastSeen = json.ids.map((_, k) => {
    for (let f = json.count - 1; f >= 0; f--) if (!Number.isNaN(xy[(f * n + k) * 2])) return f;
    return 0;
  });
  return { ...json, n, xy, lastSeen };
}

function at(frames, f, k) {
  const i = (f * frames.n + k) * 2;
  return [frames.xy[i], frames.xy[i + 1]];
}

/** Every disc's drawing state at ``t`` seconds: position plus alpha/scale while it leaves. */
export function snapshot(frames, t) {
  const fpos = Math.min(Math.max(t, 0) * frames.fps, frames.count - 1);
  const f0 = Math.floor(fpos);
  const f1 = Math.min(f0 + 1, frames.count - 1);
  const u = fpos - f0;
  const out = [];
  frames.ids.forEach((id, k) => {
    const [x0, y0] = at(frames, f0, k);
    const [x1, y1] = at(frames, f1, k);
    if (!Number.isNaN(x0)) {
      const x = Number.isNaN(x1) ? x0 : x0 + (x1 - x0) * u;
      const y = Number.isNaN(y1) ? y0 : y0 + (y1 - y0) * u;
      out.push({ id, team: frames.teams[k], x, y });
      return;
    }
    const gone = frames.gone[String(id)];
    const age = gone ? t - gone.t : Infinity;
    if (age < LEAVE_S) {
      const [x, y] = at(frames, frames.lastSeen[k], k);
      const k01 = age / LEAVE_S;
      const hole = gone.where === "hole";
      out.push({
        id,
        team: frames.teams[k],
        x: hole ? x * (1 - k01) : x,
        y: hole ? y * (1 - k01) : y,
        alpha: 1 - k01,
        scale: hole ? 1 - 0.6 * k01 : 1 + 0.15 * k01,
      });
    }
  });
  return out;
}

/** Total replay time: the motion plus the time for the last disc to leave. */
export function replayLength(frames) {
  const lastGone = Math.max(0, ...Object.values(frames.gone).map((g) => g.t));
  return Math.max((frames.count - 1) / frames.fps, lastGone + LEAVE_S);
}

/** Run ``draw(t)`` on every animation frame for ``seconds``; resolves when done. */
export function animate(seconds, draw) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    function step(now) {
      // The first frame's timestamp can precede t0 (it is when the frame began): never run time backwards.
      const t = Math.min(Math.max((now - t0) / 1000, 0), seconds);
      draw(t);
      if (t >= seconds) resolve();
      else requestAnimationFrame(step);
    }
    requestAnimationFrame(step);
  });
}
