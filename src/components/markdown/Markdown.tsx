import { Fragment, memo, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { CopyButton } from '../clipboard/CopyButton';
import { useKeyboardScrollable } from '../ScrollablePre';
import {
  hasHighlightableCode,
  highlightedHtml,
  highlighterReady,
  loadHighlighter,
  subscribeToHighlighter,
} from './lazySyntaxHighlight';
import type { BlockToken, InlineToken, ListItem, TableCell } from './markdownTokens';
import { decodeEntities, languageOf, lexMarkdown, lexMarkdownOnce, safeUrl } from './tokens';
import { useT } from '../../i18n/i18n';

/** A message's markdown, drawn from its tokens (kept by text). */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  useHighlighterFor(text);
  return <div className="markdown">{blocks(lexMarkdown(text))}</div>;
});

/**
 * One block of a streaming answer: a finished block (`settled`, its tokens kept by text) or the
 * unfinished tail, lexed anew on every delta and not kept.
 */
export const MarkdownBlock = memo(function MarkdownBlock({
  source,
  settled,
}: {
  source: string;
  settled: boolean;
}) {
  useHighlighterFor(source);
  return (
    <div className="markdown-block">{blocks(settled ? lexMarkdown(source) : lexMarkdownOnce(source))}</div>
  );
});

function useHighlighterFor(source: string) {
  const wanted = !highlighterReady() && hasHighlightableCode(source);
  useEffect(() => {
    if (wanted) void loadHighlighter();
  }, [wanted]);
}

/** Draws block tokens: this lexer's, or marked's in the differential test (same shapes). */
export function blocks(tokens: readonly BlockToken[]): ReactNode[] {
  return tokens.map((token, index) => <Fragment key={index}>{block(token)}</Fragment>);
}

function block(token: BlockToken): ReactNode {
  switch (token.type) {
    case 'paragraph':
      return <p>{inline(token.tokens)}</p>;
    case 'heading': {
      const Heading = `h${Math.min(Math.max(token.depth, 1), 6)}` as 'h1';
      return <Heading>{inline(token.tokens)}</Heading>;
    }
    case 'code':
      return <CodeBlock code={token.text} info={token.lang} />;
    case 'blockquote':
      return <blockquote>{blocks(token.tokens)}</blockquote>;
    case 'list': {
      const items = token.items.map((item: ListItem, index) => <li key={index}>{blocks(item.tokens)}</li>);
      if (!token.ordered) return <ul>{items}</ul>;
      return <ol start={token.start === '' || token.start === 1 ? undefined : token.start}>{items}</ol>;
    }
    case 'table':
      return <Table header={token.header} rows={token.rows} />;
    case 'hr':
      return <hr />;
    case 'text':
      // A tight list item's text: inline, without a paragraph.
      return inline(token.tokens);
    case 'html':
      // Raw HTML, shown as the text it is.
      return <p>{token.raw.replace(/\n+$/, '')}</p>;
    case 'checkbox':
      return <TaskBox checked={token.checked} />;
    default:
      // space: nothing to show.
      return null;
  }
}

function inline(tokens: readonly InlineToken[]): ReactNode[] {
  return tokens.map((token, index) => <Fragment key={index}>{inlineToken(token)}</Fragment>);
}

function inlineToken(token: InlineToken): ReactNode {
  switch (token.type) {
    case 'text':
      return decodeEntities(token.text);
    case 'escape':
    case 'codespan':
      return token.type === 'escape' ? token.text : <code>{token.text}</code>;
    case 'strong':
      return <strong>{inline(token.tokens)}</strong>;
    case 'em':
      return <em>{inline(token.tokens)}</em>;
    case 'del':
      return <del>{inline(token.tokens)}</del>;
    case 'br':
      return <br />;
    case 'link': {
      const label = token.autolink ? token.text : inline(token.tokens);
      const href = safeUrl(token.href);
      if (href === null) return label;
      return (
        <a href={href} title={token.title ?? undefined} target="_blank" rel="noopener noreferrer">
          {label}
        </a>
      );
    }
    case 'image': {
      const src = safeUrl(token.href);
      const alt = decodeEntities(token.text);
      return src === null ? alt : <img src={src} alt={alt} title={token.title ?? undefined} loading="lazy" />;
    }
    case 'html':
      return token.raw;
    case 'checkbox':
      return <TaskBox checked={token.checked} />;
  }
}

function Table({ header, rows }: { header: TableCell[]; rows: TableCell[][] }) {
  const cell = (cell: TableCell, index: number) => {
    const Cell = cell.header ? 'th' : 'td';
    return (
      <Cell key={index} style={cell.align ? { textAlign: cell.align } : undefined}>
        {inline(cell.tokens)}
      </Cell>
    );
  };
  // A table takes the direction of what it holds: an English table in an Arabic page keeps its
  // first column on the left.
  return (
    <table dir="auto">
      <thead>
        <tr>{header.map(cell)}</tr>
      </thead>
      {rows.length > 0 && (
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>{row.map(cell)}</tr>
          ))}
        </tbody>
      )}
    </table>
  );
}

function TaskBox({ checked }: { checked: boolean }) {
  const t = useT();
  return (
    <span
      className="task-box"
      role="img"
      aria-label={checked ? t('markdown.taskDone') : t('markdown.taskTodo')}
    >
      {checked ? '☑' : '☐'}{' '}
    </span>
  );
}

/** A fenced or indented code block: highlighted once the highlighter is in, with a Copy button. */
function CodeBlock({ code, info }: { code: string; info: string | undefined }) {
  const t = useT();
  useSyncExternalStore(subscribeToHighlighter, highlighterReady, highlighterReady);
  const language = languageOf(info);
  const highlighted = highlightedHtml(code, language);
  // As marked writes it: the code ends with one newline.
  const text = `${code.replace(/\n$/, '')}\n`;
  // Long lines scroll sideways: by keyboard too.
  const { ref, focusProps } = useKeyboardScrollable<HTMLPreElement>(
    language ? t('markdown.codeIn', { language }) : t('markdown.code'),
    code,
  );
  return (
    <div className="code-block">
      <div className="code-head">
        <span className="code-language">{language || t('markdown.codeShort')}</span>
        <CopyButton
          text={code}
          label={language ? t('markdown.copyIn', { language }) : t('markdown.copyCode')}
        />
      </div>
      <pre ref={ref} {...focusProps}>
        {highlighted === null ? (
          <code className={language ? `language-${language}` : undefined}>{text}</code>
        ) : (
          // highlight.js output: its own spans around the code, which it escaped.
          <code
            className={`hljs language-${language}`}
            dangerouslySetInnerHTML={{ __html: `${highlighted}\n` }}
          />
        )}
      </pre>
    </div>
  );
}
