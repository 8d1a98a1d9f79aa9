/**
 * What the browser runs in place of React and React DOM (decision 023): the browser build and the
 * component tests resolve these to Preact's compatibility layer; the server renders with React.
 */
export const preactForReact: Record<string, string> = {
  react: "preact/compat",
  "react-dom": "preact/compat",
  "react-dom/client": "preact/compat/client",
  "react/jsx-runtime": "preact/compat/jsx-runtime",
  "react/jsx-dev-runtime": "preact/compat/jsx-dev-runtime",
};
