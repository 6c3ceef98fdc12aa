// Stylesheets imported by the shell and the remotes (style-loader injects them).
declare module '*.css';
