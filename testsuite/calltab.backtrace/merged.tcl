# merged.tcl: the program of merged.c built with the plugin (-O2 -g
# -ffunction-sections) and linked with --icf=all, shared by
# calltab.backtrace/backtrace.exp and calltab.perf/perf.exp.

# The configurations: {name linker ldopts}.
proc merged_configs {} {
    return {
	{gold-pie gold {-pie -Wl,--icf=all}}
	{gold-nopie gold {-no-pie -Wl,--icf=all}}
	{lld-pie lld {-pie -Wl,--icf=all}}
	{lld-nopie lld {-no-pie -Wl,--icf=all}}
    }
}

# Build merged.c into DIR/merged-CONFIG.  Returns the path, or "" after
# recording UNSUPPORTED (no linker) or UNRESOLVED (build failed, or the
# linker did not fold work_b/work_d and inner_f/inner_h and
# outer_e/outer_g: then the test would not be about merged code).
proc merged_build {test dir config} {
    global srcdir
    lassign $config name linker ldopts
    if {![calltab_have_linker $linker]} {
	unsupported "$test $name: ld.$linker not available"
	return ""
    }
    set exe $dir/merged-$name
    if {![calltab_build_program "$test $name" $dir \
	      [list $srcdir/calltab.backtrace/merged.c] \
	      {-O2 -g -ffunction-sections} $linker $ldopts $exe]} {
	return ""
    }
    foreach {x y} {work_b work_d inner_f inner_h outer_e outer_g} {
	set vx [calltab_symbol_value $exe $x]
	set vy [calltab_symbol_value $exe $y]
	if {$vx eq "" || $vx != $vy} {
	    unresolved "$test $name: $x and $y not folded ($vx, $vy)"
	    return ""
	}
    }
    return $exe
}
