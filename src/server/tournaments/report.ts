import rehypeShiki from '@shikijs/rehype';
import type { Element, Root } from 'hast';
import type { Node, Parent } from 'unist';
import { LRUCache } from 'lru-cache';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit, SKIP } from 'unist-util-visit';
import { formatCount } from '../../lib/format';
import { AppError, badRequest } from '../errors';

// Tournament reports: Markdown an admin writes, rendered on the server to HTML that is safe to put
// in a page. GitHub-flavoured Markdown (tables, strikethrough, task lists, autolinks); raw HTML is
// dropped (never passed through); the result is sanitised (no scripts, handlers or styles), links
// keep only the http, https, irc, ircs, mailto and xmpp schemes, images only the site's own paths
// (an outside image would tell a third party who reads the report: it becomes its alt text), a
// table's empty header row is dropped (its first column heads the rows), and fenced code is
// highlighted by Shiki after sanitising (its output is trusted).

/** The link schemes a report may use. */
export const REPORT_LINK_PROTOCOLS = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'];

const schema: SanitizeSchema = {
  ...defaultSchema,
  protocols: {
    ...defaultSchema.protocols,
    href: REPORT_LINK_PROTOCOLS,
    cite: ['http', 'https'],
    src: ['http', 'https'],
  },
};

/** Outside links open without telling the target where from, and earn it nothing. */
function linkRel() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      if (node.tagName === 'a' && typeof node.properties.href === 'string' && /^[a-z][a-z0-9+.-]*:/i.test(node.properties.href)) {
        node.properties.rel = ['nofollow', 'noopener', 'noreferrer'];
      }
    });
  };
}

/** The site's own paths (`/api/assets/…`), not `//host/…` nor any scheme. */
const ownPath = (src: unknown) => typeof src === 'string' && src.startsWith('/') && !src.startsWith('//') && !src.startsWith('/\\');

/** An image from outside the site (or none) becomes its alt text. */
function ownImagesOnly() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element, index, parent) => {
      if (node.tagName !== 'img' || ownPath(node.properties.src) || !parent || index === undefined) return;
      const alt = typeof node.properties.alt === 'string' ? node.properties.alt : '';
      parent.children.splice(index, 1, ...(alt ? [{ type: 'text' as const, value: alt }] : []));
      return [SKIP, index];
    });
  };
}

const isElement = (node: unknown, tagName: string): node is Element => (node as Element | undefined)?.type === 'element' && (node as Element).tagName === tagName;

/** The text of a hast subtree (only whether it is blank matters here). */
function textOf(node: Element['children'][number]): string {
  if (node.type === 'text') return node.value;
  return node.type === 'element' ? node.children.map(textOf).join('') : '';
}

/**
 * A GFM table must have a header row, so a headerless one (facts and figures in two columns) is
 * written with an empty one (`| | |`): rendered as is, it is a blank bar over the table. That row
 * goes, and the first cell of each row becomes its row header (a screen reader reads 'Prize pool:
 * 21,000 sats'). A header row with any text stays as written.
 */
function headerlessTables() {
  return (tree: Root) => {
    visit(tree, 'element', (table: Element) => {
      if (table.tagName !== 'table') return;
      const head = table.children.find((child) => isElement(child, 'thead'));
      if (!head || textOf(head).trim() !== '') return;
      table.children = table.children.filter((child) => child !== head);
      const body = table.children.find((child) => isElement(child, 'tbody'));
      for (const row of body && isElement(body, 'tbody') ? body.children : []) {
        if (!isElement(row, 'tr')) continue;
        const first = row.children.find((cell) => isElement(cell, 'td'));
        if (first && isElement(first, 'td')) {
          first.tagName = 'th';
          first.properties = { ...first.properties, scope: 'row' };
        }
      }
    });
  };
}

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  // allowDangerousHtml stays off: raw HTML in the Markdown is dropped here
  .use(remarkRehype)
  .use(rehypeSanitize, schema)
  .use(ownImagesOnly)
  .use(linkRel)
  .use(headerlessTables)
  .use(rehypeShiki, {
    theme: 'github-dark',
    langs: ['javascript', 'typescript', 'json', 'bash', 'python', 'markdown', 'sql', 'yaml', 'diff'],
    fallbackLanguage: 'text',
    defaultLanguage: 'text',
  })
  .use(rehypeStringify)
  .freeze();

/**
 * How deep a report's Markdown may nest: quotes, lists, emphasis and links inside each other. Far
 * beyond any real report; a much deeper one would overflow the stack of the Markdown tools (a 500,
 * or a render that never ends).
 */
export const REPORT_MAX_NESTING = 32;

/** The Markdown nodes that nest: each is one level. */
const NESTING = new Set(['blockquote', 'list', 'emphasis', 'strong', 'delete', 'link', 'linkReference', 'footnoteDefinition']);

const tooDeep = () =>
  badRequest(`reportContent nests too deeply: quotes, lists and emphasis may sit inside each other at most ${REPORT_MAX_NESTING} levels deep.`, {
    issues: [{ field: 'reportContent', message: 'Nests too deeply' }],
  });

/** How many nesting nodes deep `tree` goes (walked without recursion). */
function nestingOf(tree: Node): number {
  let deepest = 0;
  const stack: [Node, number][] = [[tree, 0]];
  while (stack.length > 0) {
    const [node, above] = stack.pop()!;
    const level = above + (NESTING.has(node.type) ? 1 : 0);
    if (level > deepest) deepest = level;
    for (const child of (node as Partial<Parent>).children ?? []) stack.push([child, level]);
  }
  return deepest;
}

/**
 * Quoted lines a report may hold: the Markdown parser's time grows faster than their number
 * (2,000 take about 0.7 s, 4,000 about 5 s), and it runs on the server's one thread.
 */
export const REPORT_MAX_QUOTED_LINES = 1_000;

/**
 * A look at the raw text before the parser's (linear, outside fenced code): a line quoted or
 * indented deeper than the nesting limit, or more quoted lines than the parser handles quickly,
 * is refused at once instead of after seconds of parsing.
 */
function prescanReport(markdown: string): void {
  let fence: string | null = null;
  let quoted = 0;
  for (const line of markdown.split('\n')) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== null) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      continue;
    }
    if (marker) {
      fence = marker;
      continue;
    }
    const lead = /^[ \t>]*/.exec(line)![0];
    let quotes = 0;
    for (const c of lead) if (c === '>') quotes++;
    const indent = /^[ \t]*/.exec(line)![0].replace(/\t/g, '    ').length;
    if (quotes > REPORT_MAX_NESTING || indent > 4 * REPORT_MAX_NESTING) throw tooDeep();
    if (quotes > 0 && ++quoted > REPORT_MAX_QUOTED_LINES) {
      throw badRequest(`reportContent has too many quoted lines: at most ${formatCount(REPORT_MAX_QUOTED_LINES)} lines may start with ">".`, {
        issues: [{ field: 'reportContent', message: 'Too many quoted lines' }],
      });
    }
  }
}

/** The report's Markdown tree, or a 400 when it nests too deeply to render. */
function parseReport(markdown: string): Node {
  prescanReport(markdown);
  let tree: Node;
  try {
    tree = processor.parse(markdown);
  } catch (error) {
    if (error instanceof RangeError) throw tooDeep();
    throw error;
  }
  if (nestingOf(tree) > REPORT_MAX_NESTING) throw tooDeep();
  return tree;
}

/** Refuse (400) report Markdown that cannot be rendered: the admin form's check before it stores it. */
export function assertReportRenders(markdown: string): void {
  if (markdown.trim() !== '') parseReport(markdown);
}

/**
 * Report Markdown as sanitised HTML ('' for an empty report). The admin room's live preview uses it
 * too. Parsed first and its depth checked, so the steps after it never recurse too deep.
 */
export async function renderReport(markdown: string): Promise<string> {
  if (markdown.trim() === '') return '';
  const html = await processor.run(parseReport(markdown) as Parameters<typeof processor.run>[0]);
  return processor.stringify(html as Parameters<typeof processor.stringify>[0]);
}

/** What the report's readers see instead of one that nests too deeply to render. */
export const UNRENDERABLE_REPORT = 'This report cannot be shown: its Markdown nests too deeply.';

/** Rendered reports by tournament and version (its `updated_at`): a report renders once per edit. */
const rendered = new LRUCache<string, Promise<string>>({ max: 200 });

/** A tournament's report as HTML, rendered once per tournament and update. */
export function tournamentReportHtml(tournamentId: number, updatedAt: number, markdown: string): Promise<string> {
  const key = `${tournamentId}:${updatedAt}`;
  let html = rendered.get(key);
  if (!html) {
    // A report stored before its depth was checked, too deep to render, says so instead.
    html = renderReport(markdown).catch((error: unknown) => {
      if (error instanceof AppError && error.status === 400) return `<p>${UNRENDERABLE_REPORT}</p>`;
      throw error;
    });
    rendered.set(key, html);
    html.catch(() => rendered.delete(key));
  }
  return html;
}
