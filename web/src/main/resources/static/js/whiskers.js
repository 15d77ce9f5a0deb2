// Interval whiskers on horizontal bar charts (the comparison pages): a line across the interval with end caps, as
// Codespeed's comparison draws them.

/** Draws one whisker from interval[0] to interval[1] at the bar's height; caps at most maxHalf pixels tall. */
export function drawWhisker(ctx, x, interval, bar, maxHalf) {
  const [from, to] = [x.getPixelForValue(interval[0]), x.getPixelForValue(interval[1])];
  const half = Math.min(maxHalf, bar.height / 3);
  ctx.beginPath();
  ctx.moveTo(from, bar.y);
  ctx.lineTo(to, bar.y);
  ctx.moveTo(from, bar.y - half);
  ctx.lineTo(from, bar.y + half);
  ctx.moveTo(to, bar.y - half);
  ctx.lineTo(to, bar.y + half);
  ctx.stroke();
}
