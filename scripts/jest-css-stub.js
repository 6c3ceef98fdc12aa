// Stylesheets imported by components (style-loader injects them in the browser builds);
// jest has no use for them.
export default {};
