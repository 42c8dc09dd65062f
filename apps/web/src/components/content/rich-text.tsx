import { Fragment } from 'react';
import { parseRichText, type TRichLine } from '@portal/contract';
import styles from './rich-text.module.css';

function Line({ line }: { line: TRichLine }) {
  return (
    <>
      {line.map((piece, i) =>
        piece.kind === 'bold' ? (
          <strong key={i}>{piece.text}</strong>
        ) : piece.kind === 'link' ? (
          <a key={i} href={piece.href} target="_blank" rel="noopener noreferrer nofollow">
            {piece.text}
          </a>
        ) : (
          <Fragment key={i}>{piece.text}</Fragment>
        ),
      )}
    </>
  );
}

/**
 * Formatted text (the contract's rich-text rule: paragraphs, lists, **bold**, https links) as React elements,
 * never HTML: markup typed into the text shows as the text it is.
 */
export function RichText({ text, className }: { text: string; className?: string }) {
  return (
    <div className={[styles.rich, className].filter(Boolean).join(' ')}>
      {parseRichText(text).map((block, i) =>
        block.kind === 'paragraph' ? (
          <p key={i}>
            {block.lines.map((line, j) => (
              <Fragment key={j}>
                {j > 0 && <br />}
                <Line line={line} />
              </Fragment>
            ))}
          </p>
        ) : block.ordered ? (
          <ol key={i}>
            {block.items.map((item, j) => (
              <li key={j}>
                <Line line={item} />
              </li>
            ))}
          </ol>
        ) : (
          <ul key={i}>
            {block.items.map((item, j) => (
              <li key={j}>
                <Line line={item} />
              </li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}
