/* The smallest translation unit the plugin must accept.  */
int calltab_empty;
