/** The arcade's filled pixel star on a 9x9 grid (fish quality). */
export const PIXEL_STAR_PATH = 'M4 0h1v2h1v1h3v1H8v1H7v2h1v2H7V8H6V7H3v1H2v1H1V7h1V5H1V4H0V3h3V2h1z';
