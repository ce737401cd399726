import rehypeShiki from '@shikijs/rehype';
import type { Element, Root } from 'hast';
import type { Node, Parent } from 'unist';
import { parentPort, workerData } from 'node:worker_threads';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit, SKIP } from 'unist-util-visit';

// The report renderer's thread (report.ts starts it and holds it to a budget): Markdown an admin
// wrote, as HTML safe to put in a page. GitHub-flavoured Markdown (tables, strikethrough, task
// lists, autolinks); raw HTML is dropped (never passed through); the result is sanitised (no
// scripts, handlers or styles), links keep only the http, https, irc, ircs, mailto and xmpp
// schemes, images only the site's own paths (an outside image would tell a third party who reads
// the report: it becomes its alt text), a table's empty header row is dropped (its first column
// heads the rows), and fenced code is highlighted by Shiki after sanitising
// (its output is trusted).
//
// The Markdown tools' time grows much faster than some inputs (long runs of `*`, thousands of
// setext headings), which is why they run here and not on the server's thread. This module
// imports packages only: it runs as it is in development and tests (Node strips its types) and
// is built into a file of its own (astro.config.mjs, `serverWorkers`).

/** What report.ts sends: one report's Markdown. */
export interface RenderRequest {
  markdown: string;
}

/** What this thread answers: once `ready` after loading, then one answer per request. */
export type RenderAnswer = { ready: true } | { html: string } | { refused: 'tooDeep' } | { failed: string };

/** What report.ts gives the thread when it starts it. */
export interface RenderSettings {
  /** How deep quotes, lists, emphasis and links may sit inside each other. */
  maxNesting: number;
}

const REPORT_LINK_PROTOCOLS = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'];

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
      if (
        node.tagName === 'a' &&
        typeof node.properties.href === 'string' &&
        /^[a-z][a-z0-9+.-]*:/i.test(node.properties.href)
      ) {
        node.properties.rel = ['nofollow', 'noopener', 'noreferrer'];
      }
    });
  };
}

/** The site's own paths (`/api/assets/…`), not `//host/…` nor any scheme. */
const ownPath = (src: unknown) =>
  typeof src === 'string' && src.startsWith('/') && !src.startsWith('//') && !src.startsWith('/\\');

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

const isElement = (node: unknown, tagName: string): node is Element =>
  (node as Element | undefined)?.type === 'element' && (node as Element).tagName === tagName;

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

/** The Markdown nodes that nest: each is one level. */
const NESTING = new Set([
  'blockquote',
  'list',
  'emphasis',
  'strong',
  'delete',
  'link',
  'linkReference',
  'footnoteDefinition',
]);

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
 * The report as HTML, or why not. Parsed first and its depth checked, so the steps after it never
 * recurse too deep (a much deeper report overflowed their stack).
 */
async function render(markdown: string, { maxNesting }: RenderSettings): Promise<RenderAnswer> {
  let tree: Node;
  try {
    tree = processor.parse(markdown);
  } catch (error) {
    if (error instanceof RangeError) return { refused: 'tooDeep' };
    throw error;
  }
  if (nestingOf(tree) > maxNesting) return { refused: 'tooDeep' };
  const html = await processor.run(tree as Parameters<typeof processor.run>[0]);
  return { html: processor.stringify(html as Parameters<typeof processor.stringify>[0]) };
}

if (parentPort) {
  const port = parentPort;
  const settings = workerData as RenderSettings;
  // Shiki loads its grammars on the first render: done before `ready`, outside any report's budget.
  await render('```ts\nconst warm = true;\n```', settings);
  port.on('message', async ({ markdown }: RenderRequest) => {
    try {
      port.postMessage(await render(markdown, settings));
    } catch (error) {
      port.postMessage({ failed: error instanceof Error ? error.message : String(error) } satisfies RenderAnswer);
    }
  });
  port.postMessage({ ready: true } satisfies RenderAnswer);
}
