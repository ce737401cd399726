import rehypeShiki from '@shikijs/rehype';
import type { Element, Root } from 'hast';
import { LRUCache } from 'lru-cache';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit, SKIP } from 'unist-util-visit';

// Tournament reports: Markdown an admin writes, rendered on the server to HTML that is safe to put
// in a page. GitHub-flavoured Markdown (tables, strikethrough, task lists, autolinks); raw HTML is
// dropped (never passed through); the result is sanitised (no scripts, handlers or styles), links
// keep only the http, https, irc, ircs, mailto and xmpp schemes, images only the site's own paths
// (an outside image would tell a third party who reads the report: it becomes its alt text), and
// fenced code is highlighted by Shiki after sanitising (its output is trusted).

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

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  // allowDangerousHtml stays off: raw HTML in the Markdown is dropped here
  .use(remarkRehype)
  .use(rehypeSanitize, schema)
  .use(ownImagesOnly)
  .use(linkRel)
  .use(rehypeShiki, {
    theme: 'github-dark',
    langs: ['javascript', 'typescript', 'json', 'bash', 'python', 'markdown', 'sql', 'yaml', 'diff'],
    fallbackLanguage: 'text',
    defaultLanguage: 'text',
  })
  .use(rehypeStringify)
  .freeze();

/** Report Markdown as sanitised HTML ('' for an empty report). The admin room's live preview uses it too. */
export async function renderReport(markdown: string): Promise<string> {
  if (markdown.trim() === '') return '';
  return String(await processor.process(markdown));
}

/** Rendered reports by tournament and version (its `updated_at`): a report renders once per edit. */
const rendered = new LRUCache<string, Promise<string>>({ max: 200 });

/** A tournament's report as HTML, rendered once per tournament and update. */
export function tournamentReportHtml(tournamentId: number, updatedAt: number, markdown: string): Promise<string> {
  const key = `${tournamentId}:${updatedAt}`;
  let html = rendered.get(key);
  if (!html) {
    html = renderReport(markdown);
    rendered.set(key, html);
    html.catch(() => rendered.delete(key));
  }
  return html;
}
