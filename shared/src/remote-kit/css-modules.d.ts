/** CSS Modules of the web apps: webpack's css-loader (namedExport off) and jest's identity-obj-proxy. */
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
