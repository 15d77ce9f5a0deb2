// The Okabe–Ito palette: eight colours that stay distinct for the common forms of colour blindness.
// Black is kept for annotations; yellow comes last because it is faint on white.

export const OKABE_ITO = {
  blue: '#0072B2',
  orange: '#E69F00',
  bluishGreen: '#009E73',
  reddishPurple: '#CC79A7',
  skyBlue: '#56B4E9',
  vermillion: '#D55E00',
  yellow: '#F0E442',
  black: '#000000',
};

const SERIES = [OKABE_ITO.blue, OKABE_ITO.orange, OKABE_ITO.bluishGreen, OKABE_ITO.reddishPurple,
  OKABE_ITO.skyBlue, OKABE_ITO.vermillion, OKABE_ITO.yellow];

/** Dash patterns repeat the colours' distinction for more than seven lines and for greyscale prints. */
const DASHES = [[], [6, 3], [2, 2]];

export function seriesStyle(index) {
  return {
    color: SERIES[index % SERIES.length],
    dash: DASHES[Math.floor(index / SERIES.length) % DASHES.length],
  };
}

/** The colour with an alpha channel, for error bands. */
export function translucent(color, alpha) {
  const value = Math.round(alpha * 255).toString(16).padStart(2, '0');
  return `${color}${value}`;
}
