// The tokens Markdown.tsx draws. Their shapes are the part of marked's tokens it reads, so the
// differential test can draw marked's own tokens with the same code and compare the markup.

export type Align = 'left' | 'right' | 'center' | null;

export interface TableCell {
  header: boolean;
  align: Align;
  text: string;
  tokens: InlineToken[];
}

export interface ListItem {
  tokens: BlockToken[];
}

export type BlockToken =
  | { type: 'paragraph' | 'text'; text: string; tokens: InlineToken[] }
  | { type: 'heading'; depth: number; text: string; tokens: InlineToken[] }
  | { type: 'code'; text: string; lang?: string }
  | { type: 'blockquote'; tokens: BlockToken[] }
  | { type: 'list'; ordered: boolean; start: number | ''; items: ListItem[] }
  | { type: 'table'; header: TableCell[]; rows: TableCell[][] }
  | { type: 'html'; raw: string }
  | { type: 'hr' | 'space' }
  | { type: 'checkbox'; checked: boolean };

export type InlineToken =
  | { type: 'text' | 'escape' | 'codespan'; text: string; tokens?: undefined }
  | { type: 'strong' | 'em' | 'del'; tokens: InlineToken[] }
  | {
      type: 'link';
      href: string;
      title?: string | null;
      text: string;
      tokens: InlineToken[];
      /** Written as a bare address: shown as written. */
      autolink?: boolean;
    }
  | { type: 'image'; href: string; title?: string | null; text: string }
  | { type: 'html'; raw: string }
  | { type: 'br' }
  | { type: 'checkbox'; checked: boolean };
