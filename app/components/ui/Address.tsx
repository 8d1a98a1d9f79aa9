import { Fragment } from "react";

/**
 * An e-mail address (or a host name) that may wrap where a reader expects it to: after the @ and
 * before each dot, never inside a word. The text is unchanged; the break chances are <wbr> elements.
 */
export function Address({ children }: { children: string }) {
  const parts = children.split(/(?=\.)|(?<=@)/);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
