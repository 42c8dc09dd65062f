/** Every other namespace of this language, loaded with the signed-in area (one chunk). */
const bundles = import.meta.glob<Record<string, unknown>>(['./kk/*.json', '!./kk/{common,errors,breadcrumbs,auth,account}.json'], {
  eager: true,
  import: 'default',
});
export default bundles;
