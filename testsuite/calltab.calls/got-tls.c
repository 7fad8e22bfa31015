/* Direct calls that are not "call SYMBOL": with -fno-plt a call through
   the GOT, and the __tls_get_addr call of a general-dynamic TLS access,
   which GCC makes with a SYMBOL_REF that has no decl (options.exp).  */
extern __thread int tv;
extern int ext (int);

int
get (void)
{
  return tv + ext (1);
}
