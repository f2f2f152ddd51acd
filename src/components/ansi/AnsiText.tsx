import { useMemo } from 'react';
import Anser from 'anser';
import { useT } from '../../i18n/i18n';

type AnserJsonEntry = Anser.AnserJsonEntry;
import { ScrollablePre } from '../ScrollablePre';
import './ansi.css';

// Terminal colours and styles drawn as React spans (never as HTML from the output). A lazy
// chunk: only output that has colour loads it.

interface Piece {
  text: string;
  className: string;
  style?: React.CSSProperties;
}

function colour(name: string, truecolor: string, side: 'fg' | 'bg'): Pick<Piece, 'className' | 'style'> {
  if (!name) return { className: '' };
  if (name === 'ansi-truecolor' && truecolor)
    return {
      className: '',
      style: side === 'fg' ? { color: `rgb(${truecolor})` } : { backgroundColor: `rgb(${truecolor})` },
    };
  const palette = /^ansi-palette-(\d+)$/.exec(name);
  if (palette) {
    const index = Number(palette[1]);
    if (index >= 16) {
      const rgb = paletteRgb(index);
      return { className: '', style: side === 'fg' ? { color: rgb } : { backgroundColor: rgb } };
    }
    return { className: `${BASE[index] ?? ''}-${side}` };
  }
  return { className: `${name}-${side}` };
}

const BASE = [
  'ansi-black',
  'ansi-red',
  'ansi-green',
  'ansi-yellow',
  'ansi-blue',
  'ansi-magenta',
  'ansi-cyan',
  'ansi-white',
  'ansi-bright-black',
  'ansi-bright-red',
  'ansi-bright-green',
  'ansi-bright-yellow',
  'ansi-bright-blue',
  'ansi-bright-magenta',
  'ansi-bright-cyan',
  'ansi-bright-white',
];

/** xterm's 256-colour palette above the 16 named colours: a 6×6×6 cube, then 24 greys. */
function paletteRgb(index: number): string {
  if (index >= 232) {
    const level = 8 + (index - 232) * 10;
    return `rgb(${level}, ${level}, ${level})`;
  }
  const cube = index - 16;
  const step = (n: number) => (n === 0 ? 0 : 55 + n * 40);
  return `rgb(${step(Math.floor(cube / 36))}, ${step(Math.floor(cube / 6) % 6)}, ${step(cube % 6)})`;
}

function pieces(entries: AnserJsonEntry[], limit: number | undefined): Piece[] {
  const out: Piece[] = [];
  let left = limit ?? Number.POSITIVE_INFINITY;
  for (const entry of entries) {
    if (left <= 0) break;
    const text = entry.content.length > left ? entry.content.slice(0, left) : entry.content;
    left -= text.length;
    const fg = colour(entry.fg, entry.fg_truecolor, 'fg');
    const bg = colour(entry.bg, entry.bg_truecolor, 'bg');
    const decorations = entry.decorations.map((d) => `ansi-${d}`);
    out.push({
      text,
      className: [fg.className, bg.className, ...decorations].filter(Boolean).join(' '),
      ...(fg.style || bg.style ? { style: { ...fg.style, ...bg.style } } : {}),
    });
  }
  return out;
}

/** The output's colours and styles as spans, with nothing around them. */
export function AnsiSpans({ text, limit }: { text: string; limit?: number }) {
  const entries = useMemo(
    () => Anser.ansiToJson(text, { json: true, use_classes: true, remove_empty: true }),
    [text],
  );
  const shown = useMemo(() => pieces(entries, limit), [entries, limit]);
  return shown.map((piece, i) =>
    piece.className || piece.style ? (
      <span key={i} className={piece.className || undefined} style={piece.style}>
        {piece.text}
      </span>
    ) : (
      piece.text
    ),
  );
}

export default function AnsiText({ text, limit }: { text: string; limit?: number }) {
  const t = useT();
  return (
    <ScrollablePre className="tool-output ansi" label={t('card.output')}>
      <AnsiSpans text={text} limit={limit} />
    </ScrollablePre>
  );
}
