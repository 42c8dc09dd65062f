/** Every namespace of this language, bundled into one chunk loaded when the language is chosen. */
const bundles = import.meta.glob<Record<string, unknown>>('./ru/*.json', { eager: true, import: 'default' });
export default bundles;
