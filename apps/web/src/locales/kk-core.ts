/** The texts the shell and the sign-in screens need, loaded at start (one chunk). */
const bundles = import.meta.glob<Record<string, unknown>>(['./kk/{common,errors,breadcrumbs,auth,account}.json'], {
  eager: true,
  import: 'default',
});
export default bundles;
