import { Fragment, isValidElement, type ReactNode } from 'react';
import { useT, type MessageId } from './i18n';

// Private-use characters around an element's index stand for it in the formatted message, so a
// translation may put the element wherever its language wants it.
const ELEMENT = /\uE000(\d+)\uE001/;

/** A message some of whose placeholders are elements (a countdown, a button): text and those. */
export function Words({ id, values }: { id: MessageId; values: Record<string, ReactNode> }) {
  const t = useT();
  const elements: ReactNode[] = [];
  const formatted: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (!isValidElement(value)) formatted[name] = value;
    else {
      formatted[name] = `\uE000${elements.length}\uE001`;
      elements.push(value);
    }
  }
  return (
    <>
      {t(id, formatted)
        .split(ELEMENT)
        .map((part, index) => (index % 2 ? <Fragment key={index}>{elements[Number(part)]}</Fragment> : part))}
    </>
  );
}
