// Mr Quiz's topics (README, "Mr Quiz"): the curated bank's topics (src/content/mr-quiz/bank.json,
// read by `quiz-bank.ts`) and topics whose questions are generated from open data shipped in npm packages (countries: `world-countries`,
// ODbL-1.0; currencies: `currency-codes`, MIT; chemical elements: `periodic-table-data`, MIT) or
// computed from rules (Bitcoin's consensus numbers, numerals, calendars, units). A generated
// question's right answer is read from the data or computed, so it is right by construction; its
// wrong answers are of the same kind (a capital for a capital, a neighbour's region, a nearby
// number), never equal to the right one or to each other. Subjects that would make a question
// ambiguous (two countries sharing a capital, a calling code or a currency) are left out.
//
// A topic has `size` subjects; `make(i, random)` builds the question about subject i (its key
// names the subject, so the same key is the same question whatever wrong answers it draws).
import countries from 'world-countries';
import currencyCodes from 'currency-codes';
import elementData from 'periodic-table-data/periodicTableData.json';
import * as FLAG_SVGS from 'country-flag-icons/string/3x2';
import { BANK_WHY, QUIZ_BANK } from './quiz-bank';

/** One question, its right answer apart: the server keeps it, the ticket never shows it. */
export interface QuizQuestion {
  /** Names the question (topic and subject), for the no-repeat rule: short, no spaces. */
  key: string;
  topic: string;
  q: string;
  /** A picture the question shows (a flag), as a data URI whose content names nothing. */
  image?: string;
  /** The answers are pictures (data URIs), not words. */
  pictures?: true;
  right: string;
  wrong: [string, string, string];
  /** One line on why the right answer is right, told with the answer's result. */
  why: string;
}

/** What a topic's maker gives for one subject (the topic adds the key and its name). */
type Made = Omit<QuizQuestion, 'key' | 'topic'>;

export interface QuizTopic {
  /** Short id: the first part of its questions' keys. */
  id: string;
  name: string;
  /** Whether the questions come from the curated bank, from data or from rules. */
  source: 'bank' | 'data' | 'rules';
  /** Number of distinct questions (subjects). */
  size: number;
  /** The key of the question about subject `index` (without making it). */
  keyOf(index: number): string;
  make(index: number, random: () => number): QuizQuestion;
}

type Random = () => number;

/** `list` shuffled in place with `random` (Fisher-Yates). */
export function shuffleWith<T>(random: Random, list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

/**
 * Three wrong answers: from the first tier first (the most plausible: same region, nearby
 * numbers), then the next; never the right answer, one that `isRight` accepts, or a duplicate.
 */
function wrongAnswers(random: Random, right: string, tiers: string[][], isRight?: (a: string) => boolean) {
  const chosen: string[] = [];
  for (const tier of tiers) {
    for (const a of shuffleWith(random, [...tier])) {
      if (chosen.length === 3) break;
      if (a === right || chosen.includes(a) || isRight?.(a)) continue;
      chosen.push(a);
    }
  }
  if (chosen.length < 3) throw new Error(`Not enough wrong answers for "${right}".`);
  return chosen as [string, string, string];
}

/** Numbers as the questions write them: 1,234,567.5 (one formatter: making one per call is slow). */
const NUMBER_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 8 });
const fmt = (n: number) => NUMBER_FORMAT.format(n);
const btc = (sats: number) => `${fmt(sats / 1e8)} BTC`;

// ---------------------------------------------------------------------------------------------
// Countries (world-countries, ODbL-1.0): sovereign states only.

type Country = (typeof countries)[number];
const STATES: Country[] = countries.filter((c) => c.independent === true);
const byCca3 = new Map(STATES.map((c) => [c.cca3, c]));
const byName = new Map(STATES.map((c) => [c.name.common, c]));
const nameOf = (c: Country) => c.name.common;
const countOf = <T>(values: T[]) => {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
};
/** Countries nearest `c` first: same subregion, then same region, then anywhere. */
const nearTiers = (c: Country, pool: Country[] = STATES) => [
  pool.filter((o) => o !== c && o.subregion === c.subregion),
  pool.filter((o) => o !== c && o.region === c.region),
  pool.filter((o) => o !== c),
];
const names = (list: Country[][]) => list.map((tier) => tier.map(nameOf));

/** A topic with one question per country of `pool`. */
function countryTopic(
  id: string,
  name: string,
  pool: Country[],
  make: (c: Country, random: Random) => Made,
): QuizTopic {
  return {
    id,
    name,
    source: 'data',
    size: pool.length,
    keyOf: (i) => `${id}:${pool[i]!.cca3}`,
    make: (i, random) => ({ key: `${id}:${pool[i]!.cca3}`, topic: name, ...make(pool[i]!, random) }),
  };
}

/** Capitals no two states share, of states with one capital not named like the state itself. */
const capitalCounts = countOf(STATES.flatMap((c) => c.capital));
const WITH_CAPITAL = STATES.filter(
  (c) => c.capital.length === 1 && capitalCounts.get(c.capital[0]!) === 1 && c.capital[0] !== nameOf(c),
);
const capital = (c: Country) => c.capital[0]!;

const singleCurrency = (c: Country) => Object.values(c.currencies ?? {}) as { name: string }[];
const WITH_CURRENCY = STATES.filter((c) => singleCurrency(c).length === 1);
const currencyName = (c: Country) => singleCurrency(c)[0]!.name;
/** How many states use a currency (by name), counting those with several currencies. */
const currencyUsers = countOf(STATES.flatMap((c) => singleCurrency(c).map((x) => x.name)));

/** A state's one calling code ("+33"; "+1 876" in the North American plan), or null if it has several. */
const callingCode = (c: Country) =>
  c.idd.suffixes.length !== 1
    ? null
    : c.idd.root === '+1' && c.idd.suffixes[0]!.length === 3
      ? `+1 ${c.idd.suffixes[0]}`
      : `${c.idd.root}${c.idd.suffixes[0]}`;
const callingCounts = countOf(STATES.map(callingCode));
const WITH_CALLING = STATES.filter((c) => callingCode(c) !== null && callingCounts.get(callingCode(c)) === 1);

const tldCounts = countOf(STATES.flatMap((c) => c.tld));
const WITH_TLD = STATES.filter((c) => c.tld.length === 1 && tldCounts.get(c.tld[0]!) === 1);

const demonym = (c: Country) => c.demonyms?.eng?.m ?? '';
const demonymCounts = countOf(STATES.map(demonym));
const WITH_DEMONYM = STATES.filter((c) => demonym(c) !== '' && demonymCounts.get(demonym(c)) === 1);

const languagesOf = (c: Country) => Object.values(c.languages ?? {}) as string[];
const ALL_LANGUAGES = [...new Set(STATES.flatMap(languagesOf))];

/** States spanning two continents, or counted in one by some and another by others: no region question. */
const TRANSCONTINENTAL = new Set(['RUS', 'TUR', 'KAZ', 'GEO', 'ARM', 'AZE', 'CYP', 'EGY', 'IDN', 'PNG', 'TLS', 'PAN']);
const REGIONS = ['Africa', 'Americas', 'Asia', 'Europe', 'Oceania'];
const WITH_REGION = STATES.filter((c) => REGIONS.includes(c.region) && !TRANSCONTINENTAL.has(c.cca3));

/** The first of a state's native names that differs from its English name (and its language). */
function nativeName(c: Country): { name: string; language: string } | null {
  for (const [code, n] of Object.entries(c.name.native ?? {}) as [string, { common: string }][]) {
    const language = (c.languages as Record<string, string> | undefined)?.[code];
    if (language && n.common !== nameOf(c) && !n.common.includes(nameOf(c))) return { name: n.common, language };
  }
  return null;
}
const nativeCounts = countOf(STATES.map((c) => nativeName(c)?.name));
const WITH_NATIVE = STATES.filter((c) => nativeName(c) && nativeCounts.get(nativeName(c)!.name) === 1);

const TRANSLATIONS = [
  ['fra', 'French'],
  ['deu', 'German'],
  ['spa', 'Spanish'],
  ['ita', 'Italian'],
  ['nld', 'Dutch'],
  ['por', 'Portuguese'],
] as const;
const translation = (c: Country, code: string) =>
  (c.translations as Record<string, { common: string }>)[code]?.common ?? null;
const TRANSLATED = TRANSLATIONS.flatMap(([code, language]) => {
  const counts = countOf(STATES.map((c) => translation(c, code)));
  return STATES.filter((c) => {
    const t = translation(c, code);
    return t !== null && t !== nameOf(c) && counts.get(t) === 1;
  }).map((c) => ({ c, code, language }));
});

const WITH_BORDERS = STATES.filter((c) => c.borders.some((b) => byCca3.has(b)));
/** "a, b and c". */
const andList = (items: string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
const KM2 = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const area = (c: Country) => `${KM2.format(c.area)} km²`;
/** A state's larger neighbours in size: at least AREA_MARGIN times its area, nearest first. */
const AREA_MARGIN = 1.5;
const largerTiers = (c: Country) => nearTiers(c).map((t) => t.filter((o) => o.area >= c.area * AREA_MARGIN));
const smallerTiers = (c: Country) => nearTiers(c).map((t) => t.filter((o) => o.area * AREA_MARGIN <= c.area));
const WITH_SIZES = STATES.filter((c) => largerTiers(c)[1]!.length >= 1 && smallerTiers(c)[1]!.length >= 3);

/**
 * A state's flag as the question shows it: the SVG of `country-flag-icons` (MIT) as a data URI. Its
 * markup holds shapes and colours only (no name, code or id: `tests/unit/quiz-questions.test.ts`),
 * so the page the player can read names no country before the answer.
 */
const FLAGS = new Map(
  STATES.map((c) => [
    c.cca3,
    `data:image/svg+xml;base64,${Buffer.from((FLAG_SVGS as Record<string, string>)[c.cca2]!).toString('base64')}`,
  ]),
);
const flagImage = (c: Country) => FLAGS.get(c.cca3)!;
/** Flags the package draws alike (the same stripes, a shade apart): never both in one question. */
const LOOKALIKES = new Map([
  ['MCO', 'IDN'],
  ['IDN', 'MCO'],
  ['TCD', 'ROU'],
  ['ROU', 'TCD'],
]);
const flagTiers = (c: Country) => nearTiers(c).map((t) => t.filter((o) => LOOKALIKES.get(c.cca3) !== o.cca3));

const COUNTRY_TOPICS: QuizTopic[] = [
  countryTopic('cap', 'Capitals', WITH_CAPITAL, (c, r) => ({
    q: `What is the capital of ${nameOf(c)}?`,
    right: capital(c),
    wrong: wrongAnswers(
      r,
      capital(c),
      nearTiers(c, WITH_CAPITAL).map((t) => t.map(capital)),
    ),
    why: `${capital(c)} is the capital of ${nameOf(c)}, in ${c.subregion}.`,
  })),
  countryTopic('capof', 'Whose capital?', WITH_CAPITAL, (c, r) => ({
    q: `${capital(c)} is the capital of which country?`,
    right: nameOf(c),
    wrong: wrongAnswers(r, nameOf(c), names(nearTiers(c))),
    why: `${capital(c)} is the capital of ${nameOf(c)}, in ${c.subregion}.`,
  })),
  countryTopic('cur', 'Currencies', WITH_CURRENCY, (c, r) => ({
    q: `Which currency is official in ${nameOf(c)}?`,
    right: currencyName(c),
    wrong: wrongAnswers(
      r,
      currencyName(c),
      nearTiers(c, WITH_CURRENCY).map((t) => t.map(currencyName)),
    ),
    why: `${nameOf(c)} pays in the ${currencyName(c)}${currencyUsers.get(currencyName(c))! > 1 ? `, as ${currencyUsers.get(currencyName(c))! - 1} other ${currencyUsers.get(currencyName(c)) === 2 ? 'state does' : 'states do'}` : ''}.`,
  })),
  countryTopic(
    'curof',
    'Whose currency?',
    WITH_CURRENCY.filter((c) => currencyUsers.get(currencyName(c)) === 1),
    (c, r) => ({
      q: `Which country pays in the ${currencyName(c)}?`,
      right: nameOf(c),
      wrong: wrongAnswers(r, nameOf(c), names(nearTiers(c))),
      why: `The ${currencyName(c)} is the currency of ${nameOf(c)} alone.`,
    }),
  ),
  countryTopic('flag', 'Flags', STATES, (c, r) => {
    // The part of the world the four answers share (they are the flag's neighbours anyway), so the
    // question's text differs from flag to flag: a subregion with three others, else the region.
    const [subregion, region] = flagTiers(c);
    const wrong = wrongAnswers(r, nameOf(c), names(subregion!.length >= 3 ? [subregion!] : [region!]));
    const place = subregion!.length >= 3 ? c.subregion : c.region === 'Americas' ? 'the Americas' : c.region;
    return {
      q: `Which country of ${place} has this flag?`,
      image: flagImage(c),
      right: nameOf(c),
      wrong,
      why: `It is the flag of ${nameOf(c)}, in ${c.subregion}.`,
    };
  }),
  countryTopic('flagof', 'Find the flag', STATES, (c, r) => {
    const others = wrongAnswers(
      r,
      nameOf(c),
      flagTiers(c).map((t) => t.map(nameOf)),
    );
    return {
      q: `Which of these is the flag of ${nameOf(c)}?`,
      pictures: true,
      right: flagImage(c),
      wrong: others.map((n) => flagImage(byName.get(n)!)) as [string, string, string],
      why: `The other three are the flags of ${andList(others)}.`,
    };
  }),
  countryTopic(
    'lang',
    'Official languages',
    STATES.filter((c) => languagesOf(c).length > 0),
    (c, r) => {
      const own = languagesOf(c);
      const right = own[Math.floor(r() * own.length)]!;
      const nearby = nearTiers(c).map((t) => t.flatMap(languagesOf));
      return {
        q: `Which of these is an official language of ${nameOf(c)}?`,
        right,
        wrong: wrongAnswers(r, right, [...nearby, ALL_LANGUAGES], (a) => own.includes(a)),
        why:
          own.length === 1
            ? `${nameOf(c)}'s official language is ${right}.`
            : `${nameOf(c)}'s official languages: ${andList(own)}.`,
      };
    },
  ),
  countryTopic('reg', 'World regions', WITH_REGION, (c, r) => ({
    q: `In which part of the world is ${nameOf(c)}?`,
    right: c.region,
    wrong: wrongAnswers(r, c.region, [REGIONS]),
    why: `${nameOf(c)} is in ${c.subregion}${c.subregion.includes(c.region) ? '' : `, part of ${c.region}`}.`,
  })),
  countryTopic('call', 'Calling codes', WITH_CALLING, (c, r) => ({
    q: `Which country's international calling code is ${callingCode(c)}?`,
    right: nameOf(c),
    wrong: wrongAnswers(r, nameOf(c), names(nearTiers(c))),
    why: `A call to ${nameOf(c)} from abroad starts with ${callingCode(c)}.`,
  })),
  countryTopic('tld', 'Internet domains', WITH_TLD, (c, r) => ({
    q: `Which country's internet domain is "${c.tld[0]}"?`,
    right: nameOf(c),
    wrong: wrongAnswers(r, nameOf(c), names(nearTiers(c))),
    why: `${c.tld[0]} is the country domain of ${nameOf(c)}.`,
  })),
  countryTopic('iso', 'Country codes', STATES, (c, r) => ({
    q: `Which country has the three-letter ISO code ${c.cca3}?`,
    right: nameOf(c),
    wrong: wrongAnswers(r, nameOf(c), [
      ...names(nearTiers(c)).map((t, i) => (i === 2 ? t : t.filter((n) => n[0] === c.cca3[0]))),
    ]),
    why: `ISO 3166 names ${nameOf(c)} ${c.cca3} (two letters: ${c.cca2}).`,
  })),
  countryTopic('dem', 'Demonyms', WITH_DEMONYM, (c, r) => ({
    q: `What is a person from ${nameOf(c)} called?`,
    right: demonym(c),
    wrong: wrongAnswers(
      r,
      demonym(c),
      nearTiers(c, WITH_DEMONYM).map((t) => t.map(demonym)),
    ),
    why: `A person from ${nameOf(c)} is ${/^[AEIOU]/.test(demonym(c)) ? 'an' : 'a'} ${demonym(c)}.`,
  })),
  countryTopic('native', 'Native names', WITH_NATIVE, (c, r) => ({
    q: `Which country calls itself "${nativeName(c)!.name}" in ${nativeName(c)!.language}?`,
    right: nameOf(c),
    wrong: wrongAnswers(r, nameOf(c), names(nearTiers(c))),
    why: `In ${nativeName(c)!.language}, ${nameOf(c)} is "${nativeName(c)!.name}".`,
  })),
  countryTopic('border', 'Neighbours', WITH_BORDERS, (c, r) => {
    const neighbours = c.borders.map((b) => byCca3.get(b)).filter((o) => o !== undefined);
    const right = nameOf(neighbours[Math.floor(r() * neighbours.length)]!);
    return {
      q: `Which of these countries shares a land border with ${nameOf(c)}?`,
      right,
      wrong: wrongAnswers(r, right, names(nearTiers(c)), (a) => neighbours.some((n) => nameOf(n) === a)),
      why: `${nameOf(c)} borders ${andList(neighbours.map(nameOf))}.`,
    };
  }),
  countryTopic('larger', 'Country sizes', WITH_SIZES, (c, r) => {
    const right = nameOf(
      largerTiers(c).find((t) => t.length)![Math.floor(r() * largerTiers(c).find((t) => t.length)!.length)]!,
    );
    const wrong = wrongAnswers(r, right, names(smallerTiers(c)).slice(0, 2));
    return {
      q: `Which of these countries is larger by area than ${nameOf(c)}?`,
      right,
      wrong,
      why: `${right} covers ${area(byName.get(right)!)}, ${nameOf(c)} ${area(c)}; the others are smaller.`,
    };
  }),
];

const TRANSLATION_TOPIC: QuizTopic = {
  id: 'abroad',
  name: 'Country names abroad',
  source: 'data',
  size: TRANSLATED.length,
  keyOf: (i) => `abroad:${TRANSLATED[i]!.code}.${TRANSLATED[i]!.c.cca3}`,
  make(i, random) {
    const { c, code, language } = TRANSLATED[i]!;
    const right = translation(c, code)!;
    return {
      key: `abroad:${code}.${c.cca3}`,
      topic: 'Country names abroad',
      q: `What is ${nameOf(c)} called in ${language}?`,
      right,
      // Names that differ from the English one first: "Chile" gives away that it is not Ecuador.
      wrong: wrongAnswers(random, right, [
        ...nearTiers(c).map((t) =>
          t.filter((o) => ![null, nameOf(o)].includes(translation(o, code))).map((o) => translation(o, code)!),
        ),
        ...nearTiers(c).map((t) => t.map((o) => translation(o, code)).filter((t) => t !== null)),
      ]),
      why: `${language} speakers call ${nameOf(c)} "${right}".`,
    };
  },
};

// ---------------------------------------------------------------------------------------------
// Currencies (currency-codes, ISO 4217, MIT): circulating currencies with a name of their own.

const CURRENCIES = currencyCodes.data.filter(
  (c) => !c.code.startsWith('X') && c.countries.length > 0 && !/fund|unidad|unit|mvdol|bond|\(/i.test(c.currency),
);
const currencyNameCounts = countOf(CURRENCIES.map((c) => c.currency));
const NAMED_CURRENCIES = CURRENCIES.filter((c) => currencyNameCounts.get(c.currency) === 1);
const CURRENCY_CODE_TOPIC: QuizTopic = {
  id: 'iso4217',
  name: 'Currency codes',
  source: 'data',
  size: NAMED_CURRENCIES.length,
  keyOf: (i) => `iso4217:${NAMED_CURRENCIES[i]!.code}`,
  make(i, random) {
    const c = NAMED_CURRENCIES[i]!;
    const where = c.countries.length === 1 ? ` (${c.countries[0]})` : '';
    return {
      key: `iso4217:${c.code}`,
      topic: 'Currency codes',
      q: `What is the ISO 4217 code of the ${c.currency}${where}?`,
      right: c.code,
      wrong: wrongAnswers(random, c.code, [
        CURRENCIES.filter((o) => o.code[0] === c.code[0]).map((o) => o.code),
        CURRENCIES.map((o) => o.code),
      ]),
      why: `ISO 4217 codes the ${c.currency} ${c.code}.`,
    };
  },
};

// ---------------------------------------------------------------------------------------------
// Chemical elements (periodic-table-data, MIT).

interface Element {
  atomicNumber: number;
  symbol: string;
  name: string;
  groupBlock: string;
  standardState: string;
}
const ELEMENTS = (elementData as Element[]).slice().sort((a, b) => a.atomicNumber - b.atomicNumber);
const nearElements = (e: Element, within: number) =>
  ELEMENTS.filter((o) => o !== e && Math.abs(o.atomicNumber - e.atomicNumber) <= within);

function elementTopic(
  id: string,
  name: string,
  pool: Element[],
  make: (e: Element, random: Random) => Made,
): QuizTopic {
  return {
    id,
    name,
    source: 'data',
    size: pool.length,
    keyOf: (i) => `${id}:${pool[i]!.symbol}`,
    make: (i, random) => ({ key: `${id}:${pool[i]!.symbol}`, topic: name, ...make(pool[i]!, random) }),
  };
}

/** Families whose members no one disputes; La, Lu, Ac and Lr are counted differently by different tables. */
const FAMILIES = ['Noble gas', 'Halogen', 'Alkali metal', 'Alkaline earth metal', 'Lanthanide', 'Actinide'];
const DISPUTED = new Set(['La', 'Lu', 'Ac', 'Lr', 'H']);
const KNOWN = ELEMENTS.filter((e) => e.atomicNumber <= 103 && !DISPUTED.has(e.symbol));
const IN_FAMILY = KNOWN.filter((e) => FAMILIES.includes(e.groupBlock));
const familyName = (f: string) => f.toLowerCase();
/** 'Noble gases', 'Alkali metals': a family as an answer. */
const familyPlural = (f: string) => (f.endsWith('gas') ? `${f}es` : `${f}s`);

const ELEMENT_TOPICS: QuizTopic[] = [
  elementTopic('sym', 'Chemical symbols', ELEMENTS, (e, r) => ({
    q: `What is the chemical symbol of ${e.name.toLowerCase()}?`,
    right: e.symbol,
    wrong: wrongAnswers(r, e.symbol, [
      ELEMENTS.filter((o) => o !== e && o.symbol[0] === e.name[0]).map((o) => o.symbol),
      nearElements(e, 4).map((o) => o.symbol),
      ELEMENTS.map((o) => o.symbol),
    ]),
    why: `${e.symbol} is ${e.name.toLowerCase()}, element ${e.atomicNumber}.`,
  })),
  elementTopic('symof', 'Element symbols', ELEMENTS, (e, r) => ({
    q: `Which element has the chemical symbol ${e.symbol}?`,
    right: e.name,
    wrong: wrongAnswers(r, e.name, [
      ELEMENTS.filter((o) => o !== e && o.name[0] === e.symbol[0]).map((o) => o.name),
      nearElements(e, 4).map((o) => o.name),
      ELEMENTS.map((o) => o.name),
    ]),
    why: `${e.symbol} is ${e.name.toLowerCase()}, element ${e.atomicNumber}.`,
  })),
  elementTopic('z', 'Atomic numbers', ELEMENTS, (e, r) => ({
    q: `What is the atomic number of ${e.name.toLowerCase()}?`,
    right: String(e.atomicNumber),
    wrong: wrongAnswers(r, String(e.atomicNumber), [nearElements(e, 3).map((o) => String(o.atomicNumber))]),
    why: `Each ${e.name.toLowerCase()} atom has ${e.atomicNumber} protons: its atomic number.`,
  })),
  elementTopic('zof', 'Elements by number', ELEMENTS, (e, r) => ({
    q: `Which element has the atomic number ${e.atomicNumber}?`,
    right: e.name,
    wrong: wrongAnswers(r, e.name, [nearElements(e, 3).map((o) => o.name), nearElements(e, 8).map((o) => o.name)]),
    why: `Each ${e.name.toLowerCase()} atom has ${e.atomicNumber} protons: its atomic number.`,
  })),
  elementTopic('family', 'Element families', IN_FAMILY, (e, r) => ({
    q: `To which family of elements does ${e.name.toLowerCase()} belong?`,
    right: familyPlural(e.groupBlock),
    wrong: wrongAnswers(r, familyPlural(e.groupBlock), [FAMILIES.map(familyPlural)]),
    why: `${e.name} (${e.symbol}, element ${e.atomicNumber}) is ${/^[aeiou]/i.test(e.groupBlock) ? 'an' : 'a'} ${familyName(e.groupBlock)}.`,
  })),
];

// ---------------------------------------------------------------------------------------------
// Bitcoin's numbers, computed from its consensus rules (so right by construction).

export const SATS_PER_BTC = 100_000_000;
export const HALVING_INTERVAL = 210_000;
export const RETARGET_INTERVAL = 2016;
/** The block subsidy at `height`, in sats, as Bitcoin Core computes it (a right shift per halving). */
export function subsidySats(height: number): number {
  const halvings = Math.floor(height / HALVING_INTERVAL);
  return halvings >= 64 ? 0 : Math.floor((50 * SATS_PER_BTC) / 2 ** halvings);
}

/** Topic over subjects 0..size-1 whose question is computed from the subject number. */
function ruleTopic(id: string, name: string, size: number, make: (n: number, random: Random) => Made): QuizTopic {
  return {
    id,
    name,
    source: 'rules',
    size,
    keyOf: (i) => `${id}:${i}`,
    make: (i, random) => ({ key: `${id}:${i}`, topic: name, ...make(i, random) }),
  };
}

/** Numbers near `n` (within `spread`, not `n`, inside [min, max]), formatted. */
const around = (n: number, spread: number[], min = -Infinity, max = Infinity) =>
  spread.map((d) => n + d).filter((v) => v !== n && v >= min && v <= max);

const EPOCH_SUBSIDIES = Array.from({ length: 12 }, (_, k) => btc(subsidySats(k * HALVING_INTERVAL)));
const ORDINALS = 'first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth'.split(' ');
/** How many halvings: 'no halving', 'one halving', 'two halvings'. */
const HALVING_WORDS = [
  'no',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];
const halvingsWord = (k: number) => `${HALVING_WORDS[k]} halving${k === 1 ? '' : 's'}`;
/** Heights for "how many halvings by": round numbers, every 50,000 from 100,000 to 2,500,000. */
const ROUND_HEIGHTS = Array.from({ length: 49 }, (_, i) => (i + 2) * 50_000);
/** Spans of time for the block clock: [words, minutes]. */
const BLOCK_SPANS: [string, number][] = [
  ['one hour', 60],
  ['one day', 1440],
  ['two days', 2880],
  ['one week', 10_080],
  ['two weeks', 20_160],
  ['30 days', 43_200],
];

// Only what a player can answer from knowledge or fair mental arithmetic in 15 seconds: the
// subsidy of a halving epoch, halvings by a round height, sats in a round amount, an early epoch's
// issue, blocks in a familiar span (README, "Mr Quiz's questions").
const BITCOIN_TOPICS: QuizTopic[] = [
  ruleTopic('epoch', 'Block subsidy', 7, (k, r) => {
    const right = EPOCH_SUBSIDIES[k]!;
    return {
      q: `How many new bitcoin does the block subsidy pay per block from block ${fmt(k * HALVING_INTERVAL)} to block ${fmt((k + 1) * HALVING_INTERVAL - 1)}?`,
      right,
      wrong: wrongAnswers(r, right, [
        around(k, [-1, 1, 2, -2])
          .filter((x) => x >= 0)
          .map((x) => EPOCH_SUBSIDIES[x]!),
        EPOCH_SUBSIDIES,
      ]),
      why:
        k === 0
          ? 'Before the first halving (block 210,000) every block paid 50 BTC.'
          : `Block ${fmt(k * HALVING_INTERVAL)} is ${halvingsWord(k)} in (one every 210,000 blocks): 50 BTC halved ${k === 1 ? 'once' : `${k} times`} is ${right}.`,
    };
  }),
  ruleTopic('halved', 'Halvings', ROUND_HEIGHTS.length, (i, r) => {
    const h = ROUND_HEIGHTS[i]!;
    const k = Math.floor(h / HALVING_INTERVAL);
    return {
      q: `How many halvings have happened by block height ${fmt(h)} (the block included)?`,
      right: String(k),
      wrong: wrongAnswers(r, String(k), [
        around(k, [-1, 1, 2, -2, 3])
          .filter((x) => x >= 0)
          .map(String),
      ]),
      why:
        k === 0
          ? `The first halving is at block 210,000, after ${fmt(h)}.`
          : `A halving every 210,000 blocks: the ${ORDINALS[k - 1]} is at ${fmt(k * HALVING_INTERVAL)}, the next at ${fmt((k + 1) * HALVING_INTERVAL)}.`,
    };
  }),
  ruleTopic('sats', 'Sats and bitcoin', 162, (i, r) => {
    // Subject i: 9 digits x 9 powers of ten x 2 directions.
    const digit = (i % 9) + 1;
    const power = Math.floor(i / 9) % 9; // 10^-power BTC
    const sats = digit * 10 ** (8 - power);
    const wrongSats = [sats * 10, sats / 10, sats * 100, sats / 100, sats * 1000].filter((s) => Number.isInteger(s));
    const why = `One bitcoin is 100,000,000 sats, so ${fmt(sats / SATS_PER_BTC)} BTC is ${fmt(sats)} sat${sats === 1 ? '' : 's'}.`;
    if (i < 81) {
      const right = `${fmt(sats)} sats`;
      return {
        q: `How many sats are ${fmt(sats / SATS_PER_BTC)} BTC?`,
        right,
        wrong: wrongAnswers(r, right, [wrongSats.map((s) => `${fmt(s)} sats`)]),
        why,
      };
    }
    return {
      q: `How many bitcoin are ${fmt(sats)} sats?`,
      right: btc(sats),
      wrong: wrongAnswers(r, btc(sats), [wrongSats.map(btc)]),
      why,
    };
  }),
  ruleTopic('issued', 'Bitcoin supply', 4, (k, r) => {
    // Subject k: the bitcoin issued during halving epoch k (210,000 blocks at its subsidy).
    const sats = HALVING_INTERVAL * subsidySats(k * HALVING_INTERVAL);
    const right = btc(sats);
    const options = Array.from({ length: 12 }, (_, j) => btc(HALVING_INTERVAL * subsidySats(j * HALVING_INTERVAL)));
    return {
      q: `How many bitcoin does the block subsidy issue in all in the ${ORDINALS[k]} halving epoch (blocks ${fmt(k * HALVING_INTERVAL)} to ${fmt((k + 1) * HALVING_INTERVAL - 1)})?`,
      right,
      wrong: wrongAnswers(r, right, [
        around(k, [-1, 1, 2, -2], 0, options.length - 1).map((x) => options[x]!),
        options,
      ]),
      why: `210,000 blocks at ${EPOCH_SUBSIDIES[k]} each: ${right}${k === 0 ? ', half of all 21 million' : ''}.`,
    };
  }),
  ruleTopic('blocktime', 'Block clock', BLOCK_SPANS.length, (i, r) => {
    const [span, minutes] = BLOCK_SPANS[i]!;
    const blocks = minutes / 10;
    const right = fmt(blocks);
    return {
      q: `At Bitcoin's target of one block every ten minutes, how many blocks are found in ${span}?`,
      right,
      wrong: wrongAnswers(r, right, [
        [blocks * 2, blocks / 2, (blocks * 10) / 6, blocks * 10, blocks + 6].filter(Number.isInteger).map(fmt),
      ]),
      why: `Six blocks an hour, 144 a day: ${span} ${span.startsWith('one') ? 'is' : 'are'} ${right} blocks.`,
    };
  }),
];

// ---------------------------------------------------------------------------------------------
// Numbers, calendars and units, computed: only what fair mental arithmetic answers in 15 seconds
// (small numbers, familiar factors, rules a quiz player knows), never a drill.

const ROMAN: [number, string][] = [
  [1000, 'M'],
  [900, 'CM'],
  [500, 'D'],
  [400, 'CD'],
  [100, 'C'],
  [90, 'XC'],
  [50, 'L'],
  [40, 'XL'],
  [10, 'X'],
  [9, 'IX'],
  [5, 'V'],
  [4, 'IV'],
  [1, 'I'],
];
/** The parts of a Roman numeral, largest first: 1994 is M, CM, XC, IV. */
function romanParts(n: number): string[] {
  const parts: string[] = [];
  for (const [value, letters] of ROMAN) {
    while (n >= value) {
      parts.push(letters);
      n -= value;
    }
  }
  return parts;
}
export const roman = (n: number): string => romanParts(n).join('');
/** What each part is worth: 'M (1000) + CM (900) + XC (90) + IV (4)'. */
const romanSum = (n: number) =>
  romanParts(n)
    .map((p) => `${p} (${ROMAN.find(([, l]) => l === p)![0]})`)
    .join(' + ');
/** Roman numerals asked: 1 to 100, and the years 1900 to 2030 (a film's or a building's date). */
const ROMAN_NUMBERS = [
  ...Array.from({ length: 100 }, (_, i) => i + 1),
  ...Array.from({ length: 131 }, (_, i) => 1900 + i),
];

const isPrime = (n: number) => {
  if (n < 2) return false;
  for (let d = 2; d * d <= n; d++) if (n % d === 0) return false;
  return true;
};
const smallestFactor = (n: number) => {
  for (let d = 2; d * d <= n; d++) if (n % d === 0) return d;
  return n;
};
/** The first prime after n. */
const nextPrime = (n: number) => {
  let p = n + 1;
  while (!isPrime(p)) p++;
  return p;
};
/** "The first prime after n": n from 10 to 120. */
const PRIME_STARTS = Array.from({ length: 111 }, (_, i) => i + 10);

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
/** "The first leap year after y": every year from 1600 to 2399 that is not itself a multiple of four. */
const LEAP_STARTS = Array.from({ length: 800 }, (_, i) => 1600 + i).filter((y) => y % 4 !== 0);
const nextLeap = (y: number) => {
  let l = y + 1;
  while (!isLeap(l)) l++;
  return l;
};

const SUPERSCRIPT: Record<string, string> = {
  '-': '⁻',
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
};
const tenTo = (e: number) => `10${[...String(e)].map((ch) => SUPERSCRIPT[ch]).join('')}`;
/** The SI prefixes (BIPM, 2022), with their powers of ten. */
export const SI_PREFIXES: [string, number][] = [
  ['quetta', 30],
  ['ronna', 27],
  ['yotta', 24],
  ['zetta', 21],
  ['exa', 18],
  ['peta', 15],
  ['tera', 12],
  ['giga', 9],
  ['mega', 6],
  ['kilo', 3],
  ['hecto', 2],
  ['deca', 1],
  ['deci', -1],
  ['centi', -2],
  ['milli', -3],
  ['micro', -6],
  ['nano', -9],
  ['pico', -12],
  ['femto', -15],
  ['atto', -18],
  ['zepto', -21],
  ['yocto', -24],
  ['ronto', -27],
  ['quecto', -30],
];

/** Exact conversions (by definition): how many `small` in one `big` (`one`: the big unit in the singular). */
export const CONVERSIONS: [big: string, one: string, small: string, factor: number][] = [
  ['kilometres', 'kilometre', 'metres', 1000],
  ['metres', 'metre', 'centimetres', 100],
  ['metres', 'metre', 'millimetres', 1000],
  ['kilograms', 'kilogram', 'grams', 1000],
  ['litres', 'litre', 'millilitres', 1000],
  ['hours', 'hour', 'minutes', 60],
  ['hours', 'hour', 'seconds', 3600],
  ['days', 'day', 'hours', 24],
  ['weeks', 'week', 'days', 7],
  ['feet', 'foot', 'inches', 12],
  ['yards', 'yard', 'feet', 3],
  ['miles', 'mile', 'yards', 1760],
  ['miles', 'mile', 'feet', 5280],
  ['bytes', 'byte', 'bits', 8],
  ['kibibytes', 'kibibyte', 'bytes', 1024],
  ['hectares', 'hectare', 'square metres', 10_000],
  ['tonnes', 'tonne', 'kilograms', 1000],
];
/**
 * Amounts asked: one of every unit (knowledge), and 2 to 9 of the units whose factor is mental
 * arithmetic (a power of ten, or 3, 7, 8, 12, 24 or 60); never 19 miles in feet.
 */
const CONVERSION_SUBJECTS = CONVERSIONS.flatMap((c, u) =>
  [
    1,
    ...([3, 7, 8, 12, 24, 60].includes(c[3]) || Number.isInteger(Math.log10(c[3])) ? [2, 3, 4, 5, 6, 7, 8, 9] : []),
  ].map((amount) => [u, amount] as const),
);
/** Celsius asked: every ten degrees from -40 to 100, and body temperature. */
const CELSIUS = [...Array.from({ length: 15 }, (_, i) => -40 + i * 10), 37];
/** Powers of two asked: 2 to 16, and the 20th, 24th and 32nd a programmer meets. */
const POWERS = [...Array.from({ length: 15 }, (_, i) => i + 2), 20, 24, 32];

const NUMBER_TOPICS: QuizTopic[] = [
  ruleTopic('roman', 'Roman numerals', ROMAN_NUMBERS.length, (i, r) => {
    const n = ROMAN_NUMBERS[i]!;
    const right = roman(n);
    return {
      q: `How is ${n} written in Roman numerals?`,
      right,
      wrong: wrongAnswers(r, right, [
        around(n, [1, -1, 10, -10, 100, -100, 5, -5], 1, 3999).map(roman),
        around(n, [2, -2, 50, -50, 500, -500, 1000, -1000], 1, 3999).map(roman),
      ]),
      why: romanParts(n).length === 1 ? `${right} is ${n}.` : `${romanSum(n)} = ${n}.`,
    };
  }),
  ruleTopic('hex', 'Hexadecimal', 240, (i, r) => {
    const n = i + 16;
    const right = fmt(n);
    const swapped = parseInt([...n.toString(16)].reverse().join(''), 16);
    const [high, low] = [Math.floor(n / 16), n % 16];
    return {
      q: `What is the hexadecimal number 0x${n.toString(16).toUpperCase()} in decimal?`,
      right,
      wrong: wrongAnswers(r, right, [
        [swapped, n + 1, n - 1, n + 16, n - 16, n + 6, n - 6].filter((v) => v > 0).map(fmt),
      ]),
      why: `0x${n.toString(16).toUpperCase()} is ${high} × 16 + ${low} = ${n}.`,
    };
  }),
  ruleTopic('binary', 'Binary', 62, (i, r) => {
    const n = i + 2;
    const bits = [...n.toString(2)].map((b, j, all) => (b === '1' ? 2 ** (all.length - 1 - j) : 0)).filter(Boolean);
    return {
      q: `What is the binary number ${n.toString(2)} in decimal?`,
      right: String(n),
      wrong: wrongAnswers(r, String(n), [
        [n + 1, n - 1, n * 2, Math.floor(n / 2), n + 2, n - 2, n + 4, n - 4].filter((v) => v > 0).map(String),
      ]),
      why:
        bits.length === 1
          ? `${n.toString(2)} is 2 to the power of ${Math.log2(n)}: ${n}.`
          : `${n.toString(2)} is ${bits.join(' + ')} = ${n}.`,
    };
  }),
  ruleTopic('pow2', 'Powers of two', POWERS.length, (i, r) => {
    const e = POWERS[i]!;
    const right = fmt(2 ** e);
    return {
      q: `What is 2 to the power of ${e}?`,
      right,
      wrong: wrongAnswers(r, right, [
        [2 ** (e + 1), 2 ** (e - 1), 2 ** e + 2 ** (e - 2), 2 ** e - 2 ** (e - 2), 2 ** (e + 2)].map(fmt),
      ]),
      why:
        e <= 16
          ? `2 to the ${e - 1} is ${fmt(2 ** (e - 1))}; doubled, ${right}.`
          : `2 to the 10 is 1,024, so 2 to the ${e} is ${e === 20 ? '1,024 × 1,024' : e === 24 ? '1,024 × 1,024 × 16' : '1,024 × 1,024 × 1,024 × 4'} = ${right}.`,
    };
  }),
  ruleTopic('nextleap', 'Leap years', LEAP_STARTS.length, (i, r) => {
    const y = LEAP_STARTS[i]!;
    const right = nextLeap(y);
    const fours = [1, 2, 3, 4].map((k) => Math.ceil((y + 1) / 4) * 4 + (k - 1) * 4);
    const trap = fours.find((f) => !isLeap(f) && f < right);
    return {
      q: `Which is the first leap year after ${y} in the Gregorian calendar?`,
      right: String(right),
      wrong: wrongAnswers(r, String(right), [
        [trap, right + 4, right - 1, right + 1, right + 2].filter((v) => v !== undefined && v > y).map(String),
      ]),
      why: trap
        ? `${trap} is divisible by 100 but not by 400, so it is no leap year; the next is ${right}.`
        : `A year divisible by 4 is a leap year (a century only if divisible by 400): ${right}.`,
    };
  }),
  ruleTopic('si', 'Metric prefixes', SI_PREFIXES.length * 2, (i, r) => {
    const [prefix, e] = SI_PREFIXES[i % SI_PREFIXES.length]!;
    const nearby = SI_PREFIXES.filter(([, x]) => x !== e && Math.abs(x - e) <= 9);
    const why = `"${prefix}" multiplies a unit by ${tenTo(e)}${e === 3 ? ': a kilometre is 1,000 metres' : e === -3 ? ': a millimetre is a thousandth of a metre' : ''}.`;
    if (i < SI_PREFIXES.length)
      return {
        q: `The SI prefix "${prefix}" multiplies a unit by what?`,
        right: tenTo(e),
        wrong: wrongAnswers(r, tenTo(e), [nearby.map(([, x]) => tenTo(x)), [-e, e + 1, e - 1].map(tenTo)]),
        why,
      };
    return {
      q: `Which SI prefix multiplies a unit by ${tenTo(e)}?`,
      right: prefix,
      wrong: wrongAnswers(r, prefix, [nearby.map(([p]) => p), SI_PREFIXES.map(([p]) => p)]),
      why,
    };
  }),
  ruleTopic('convert', 'Unit conversions', CONVERSION_SUBJECTS.length, (i, r) => {
    const [u, amount] = CONVERSION_SUBJECTS[i]!;
    const [big, one, small, factor] = CONVERSIONS[u]!;
    const right = fmt(amount * factor);
    return {
      q: amount === 1 ? `How many ${small} are in one ${one}?` : `How many ${small} are in ${amount} ${big}?`,
      right,
      wrong: wrongAnswers(r, right, [
        [
          amount * factor * 10,
          (amount * factor) / 10,
          (amount + 1) * factor,
          (amount - 1) * factor,
          amount * factor * 2,
          amount * factor + 10 ** Math.floor(Math.log10(amount * factor)),
        ]
          .filter((v) => Number.isInteger(v) && v > 0)
          .map(fmt),
      ]),
      why:
        amount === 1
          ? `One ${one} is ${fmt(factor)} ${small}, by definition.`
          : `One ${one} is ${fmt(factor)} ${small}: ${amount} × ${fmt(factor)} = ${right}.`,
    };
  }),
  ruleTopic('temp', 'Temperatures', CELSIUS.length, (i, r) => {
    const c = CELSIUS[i]!;
    const f = Math.round(((c * 9) / 5 + 32) * 10) / 10;
    const unit = (x: number) => `${fmt(x)} °F`;
    return {
      q: `What is ${fmt(c)} °C in degrees Fahrenheit?`,
      right: unit(f),
      wrong: wrongAnswers(r, unit(f), [[c * 2 + 30, c + 32, f + 10, f - 10, f + 18, f - 18].map(unit)]),
      why: `°F = °C × 9/5 + 32: ${fmt(c)} × 9/5 + 32 = ${fmt(f)}.`,
    };
  }),
  ruleTopic('nextprime', 'Prime numbers', PRIME_STARTS.length, (i, r) => {
    const n = PRIME_STARTS[i]!;
    const p = nextPrime(n);
    const between = Array.from({ length: p - n - 1 }, (_, j) => n + 1 + j).filter((m) => m % 2 === 1);
    return {
      q: `What is the first prime number after ${n}?`,
      right: String(p),
      wrong: wrongAnswers(r, String(p), [
        [...between, p + 2, p + 4, p + 6, p - 2]
          .filter((m) => m > n && m !== p && m % 2 === 1 && m % 5 !== 0)
          .map(String),
        [p + 1, p + 3, n + 1].filter((m) => m > n && m !== p).map(String),
      ]),
      why: between.length
        ? `${andList(between.map((m) => `${m} = ${smallestFactor(m)} × ${m / smallestFactor(m)}`))}; ${p} divides by nothing but 1 and itself.`
        : `${p} divides by nothing but 1 and itself.`,
    };
  }),
  ruleTopic('sqrt', 'Square roots', 30, (i, r) => {
    const n = i + 11;
    return {
      q: `What is the square root of ${fmt(n * n)}?`,
      right: String(n),
      wrong: wrongAnswers(r, String(n), [around(n, [1, -1, 2, -2, 3, -3, 10, -10], 1).map(String)]),
      why: `${n} × ${n} = ${fmt(n * n)}.`,
    };
  }),
];

// ---------------------------------------------------------------------------------------------
// The curated bank: one topic per bank topic; a question's key is a hash of its text, so adding
// or editing others does not rename it.

/** FNV-1a, 32 bits, base 36: a short stable name for a bank question. */
export function textKey(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(36);
}
const bankTopics = new Map<string, (typeof QUIZ_BANK)[number][]>();
for (const question of QUIZ_BANK) bankTopics.set(question[0], [...(bankTopics.get(question[0]) ?? []), question]);
const BANK_TOPICS: QuizTopic[] = [...bankTopics].map(([name, list]) => ({
  id: 'bank',
  name,
  source: 'bank',
  size: list.length,
  keyOf: (i) => `bank:${textKey(list[i]![1])}`,
  make(i) {
    const [topic, q, right, ...wrong] = list[i]!;
    return {
      key: `bank:${textKey(q)}`,
      topic,
      q,
      right,
      wrong: wrong as [string, string, string],
      why: BANK_WHY[q] ?? '',
    };
  },
}));

const BANK_TEXTS = new Set(QUIZ_BANK.map((b) => b[1]));
/**
 * A generated topic without the subjects whose question the bank asks in the same words ("What is
 * the capital of Canada?"), so no two questions a player meets read alike. A question's text does
 * not depend on the random draw.
 */
function apartFromBank(topic: QuizTopic): QuizTopic {
  // Found the first time the topic is asked, not as the server starts: making every subject's
  // question of every topic costs a start-up a good part of its time, and most processes (a test's
  // server, a worker) never hold a quiz.
  let keep: number[] | undefined;
  const kept = () =>
    (keep ??= Array.from({ length: topic.size }, (_, i) => i).filter((i) => !BANK_TEXTS.has(topic.make(i, () => 0).q)));
  return {
    ...topic,
    get size() {
      return kept().length;
    },
    keyOf: (i) => topic.keyOf(kept()[i]!),
    make: (i, random) => topic.make(kept()[i]!, random),
  };
}

/** Every topic, in a fixed order (a seed picks among them by position). */
export const QUIZ_TOPICS: readonly QuizTopic[] = [
  ...BANK_TOPICS,
  ...[
    ...COUNTRY_TOPICS,
    TRANSLATION_TOPIC,
    CURRENCY_CODE_TOPIC,
    ...ELEMENT_TOPICS,
    ...BITCOIN_TOPICS,
    ...NUMBER_TOPICS,
  ].map(apartFromBank),
];
