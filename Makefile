# calltab top-level Makefile.
#
#   make                  build the plugin, libcalltab and the calltab command
#   make demo             install missing dependencies, build, run the example
#   make check            install missing dependencies, build, run the testsuite
#   make check-real       the same on real programs (sqlite, googletest, expat)
#                         at LEVELS="-O0 -O1 -O2 -O3 -Os -Og"
#   make check-real-gcc14 the same with GCC 14 (check-real-gcc13: 13) in the
#                         Debian 13 chroot (scripts/gcc-chroot.sh);
#                         check-real-gcc15/16 in the Debian unstable one
#   make install          PREFIX=/usr/local DESTDIR= (staging root); the
#                         plugin of GCC goes where that GCC looks for it
#                         below PREFIX (PLUGINDIR; PREFIX=/usr for
#                         Debian's gcc-N -fplugin=calltab)
#   make uninstall | clean
#   make bench            run the measurements of bench/ (not tests): a reduced
#                         set, about 2.5 minutes on 2 shared CPUs, plus about
#                         15 for bench/cost.sh, issue 13's cost table written
#                         to bench/results.md (QUICK=1: about 3; RUNS=N timed
#                         runs, default 5; docs/cost.md) (bench/README.md);
#                         BENCH_FULL=1 runs every script with its defaults: add
#                         5-15 minutes (readelf -w on 20,000 COMDAT groups) and
#                         the first fetch and compile of gcc-12-source
#   make bench-fdo        bench/fdo.sh alone (make bench runs it too): Lua and
#                         bzip2 built -O2, with PGO and with AutoFDO from the
#                         plugin's builds, GCC 12 and 14 (CALLTAB_CHROOT), a
#                         cachegrind model and the clock (QUICK=1: GCC 12, one
#                         recording, a few minutes), written to bench/results.md
#
# GCC selects the compiler the plugin is built for; the plugin must be
# compiled by the matching g++ (GXX) against that compiler's plugin headers.
# Each GCC major version gets its own plugin, side by side without `make
# clean': build/gcc-N/calltab.so (objects there too).  gcc-plugin/calltab.so
# links to the one of the default compiler (`gcc'), the path README, the
# demo and the docs name.
#
#   make check-gcc        the testsuite with every GCC available: 11 and 12
#                         natively (g++-N and gcc-N-plugin-dev installed),
#                         13 and 14 in the Debian 13 chroot, 15 and 16 in
#                         the Debian unstable chroot (scripts/gcc-chroot.sh);
#                         one line per version

.DEFAULT_GOAL := all

VERSION := $(shell cat VERSION)

GCC ?= gcc
# The g++ of that GCC: gcc-11 -> g++-11, x86_64-linux-gnu-gcc-12 ->
# x86_64-linux-gnu-g++-12.
GXX ?= $(shell echo '$(GCC)' | sed 's|gcc\([^/]*\)$$|g++\1|')
CC := $(GCC)
AR ?= ar
INSTALL ?= install
RUNTEST ?= runtest

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MANDIR ?= $(PREFIX)/share/man
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
DATADIR ?= $(PREFIX)/share
# gdb's frame filter (docs/gdb.md): the calltab Python package and the
# script a `source' line names (it finds ../python next to itself).
GDB_PYDIR ?= $(DATADIR)/calltab/python
GDB_SCRIPTDIR ?= $(DATADIR)/calltab/gdb
GDB_PY := $(filter-out %/_paths.py,$(wildcard libcalltab/gdb/calltab/*.py))

# What GCC is, asked once.  GCC_PLUGIN_DIR is where that compiler looks
# for -fplugin=NAME and where its plugin headers are (include/).
GCC_PLUGIN_DIR := $(shell $(GCC) -print-file-name=plugin 2>/dev/null)
GCC_TARGET := $(shell $(GCC) -dumpmachine 2>/dev/null)
GCC_MAJOR := $(shell $(GCC) -dumpversion 2>/dev/null | cut -d. -f1)
GXX_MAJOR := $(shell $(GXX) -dumpversion 2>/dev/null | cut -d. -f1)
DEFAULT_GCC_MAJOR := $(shell gcc -dumpversion 2>/dev/null | cut -d. -f1)
# The versions the plugin supports: gcc-compat.h's gate is the one source.
GCC_MIN := $(shell sed -n 's/^\#define CALLTAB_GCC_MIN //p' gcc-plugin/gcc-compat.h)
GCC_MAX := $(shell sed -n 's/^\#define CALLTAB_GCC_MAX //p' gcc-plugin/gcc-compat.h)
GCC_SUPPORTED := $(shell seq $(GCC_MIN) $(GCC_MAX))
GCC_SUPPORTED_TEXT := $(GCC_MIN) to $(GCC_MAX)
# UNTESTED_GCC=yes admits a GCC newer than CALLTAB_GCC_MAX, built but not
# tested (docs/gcc-versions.md): the plugin is compiled with
# CALLTAB_UNTESTED_GCC, which gcc-compat.h's gate requires for it.
GCC_NEWER := $(shell test -n "$(GCC_MAJOR)" && test "$(GCC_MAJOR)" -gt "$(GCC_MAX)" && echo yes)
GCC_UNTESTED := $(if $(filter yes,$(UNTESTED_GCC)),$(if $(GCC_NEWER),$(GCC_MAJOR)))
# Why the plugin cannot be built with GCC and GXX (empty when it can):
# checked before anything is compiled (gcc-check below).
GCC_PROBLEM = $(strip \
  $(if $(GCC_MAJOR),,calltab: $(GCC) not found; calltab supports GCC $(GCC_SUPPORTED_TEXT) (GCC=gcc-N GXX=g++-N)) \
  $(if $(GCC_MAJOR),$(if $(filter $(GCC_MAJOR),$(GCC_SUPPORTED) $(GCC_UNTESTED)),,calltab: $(GCC) is GCC $(GCC_MAJOR); calltab supports GCC $(GCC_SUPPORTED_TEXT) (GCC=gcc-N GXX=g++-N)$(if $(GCC_NEWER),; GCC $(GCC_MAJOR) is newer than those: UNTESTED_GCC=yes builds it anyway (docs/gcc-versions.md)))) \
  $(if $(filter $(GCC_MAJOR),$(GCC_SUPPORTED) $(GCC_UNTESTED)),$(if $(wildcard $(GCC_PLUGIN_DIR)/include/plugin-version.h),,calltab: no plugin headers for GCC $(GCC_MAJOR) ($(GCC)): install gcc-$(GCC_MAJOR)-plugin-dev)) \
  $(if $(filter $(GCC_MAJOR),$(GCC_SUPPORTED) $(GCC_UNTESTED)),$(if $(wildcard $(GCC_PLUGIN_DIR)/include/plugin-version.h),$(if $(filter $(GCC_MAJOR),$(GXX_MAJOR)),,calltab: GXX=$(GXX) is $(if $(GXX_MAJOR),GCC $(GXX_MAJOR),not found); the plugin for GCC $(GCC_MAJOR) must be built by its g++ (GXX=g++-$(GCC_MAJOR), package g++-$(GCC_MAJOR))))))

# The layout GCC itself uses under its prefix (GCC_PLUGIN_DIR below the
# compiler's prefix, e.g. lib/gcc/x86_64-linux-gnu/12/plugin), under
# PREFIX: with PREFIX the compiler's own (/usr for Debian's), the plugin
# lands where that GCC finds -fplugin=calltab by name.
GCC_PLUGIN_SUBDIR := $(or $(shell echo '$(GCC_PLUGIN_DIR)' | \
			 sed -n 's|^.*/\(lib[^/]*/gcc/[^/]*/[^/]*/plugin\)$$|\1|p'),\
			 lib/gcc/$(GCC_TARGET)/$(GCC_MAJOR)/plugin)
PLUGINDIR ?= $(PREFIX)/$(GCC_PLUGIN_SUBDIR)

WARN := -Wall -Wextra -Wshadow -Werror
CFLAGS ?= -O2 -g
CXXFLAGS ?= -O2 -g
ALL_CFLAGS := -std=c11 -D_GNU_SOURCE $(WARN) $(CFLAGS)
ALL_CXXFLAGS := -std=gnu++14 $(WARN) -fno-rtti -fno-exceptions $(CXXFLAGS)
DEPFLAGS = -MMD -MP

# ---- GCC plugin ---------------------------------------------------------

# The plugin of this GCC major version, and the path that names the
# default compiler's (a symbolic link into build/gcc-N/, made when GCC is
# of the default gcc's version; DEFAULT_PLUGIN= skips it, as check-gcc
# does in the chroot, whose gcc is another).
PLUGIN_BUILDDIR := build/gcc-$(GCC_MAJOR)
PLUGIN := $(PLUGIN_BUILDDIR)/calltab.so
DEFAULT_PLUGIN ?= gcc-plugin/calltab.so
PLUGIN_SRCS := $(sort $(wildcard gcc-plugin/*.cc))
PLUGIN_OBJS := $(patsubst gcc-plugin/%.cc,$(PLUGIN_BUILDDIR)/%.o,$(PLUGIN_SRCS))

$(PLUGIN): $(PLUGIN_OBJS)
	$(GXX) -shared -o $@ $^ $(LDFLAGS)

$(PLUGIN_BUILDDIR)/%.o: gcc-plugin/%.cc VERSION | gcc-check
	@mkdir -p $(@D)
	$(GXX) $(ALL_CXXFLAGS) $(DEPFLAGS) -fPIC -isystem $(GCC_PLUGIN_DIR)/include \
	  -Ilibcalltab/include $(if $(GCC_UNTESTED),-DCALLTAB_UNTESTED_GCC) \
	  -DCALLTAB_VERSION='"$(VERSION)"' -c -o $@ $<

ifneq ($(DEFAULT_PLUGIN),)
ifeq ($(GCC_MAJOR),$(DEFAULT_GCC_MAJOR))
$(DEFAULT_PLUGIN): $(PLUGIN)
	ln -sfn $(shell realpath -m --relative-to=$(dir $(DEFAULT_PLUGIN)) $(PLUGIN)) $@
else
$(DEFAULT_PLUGIN):
	$(error calltab: $(DEFAULT_PLUGIN) is the plugin of the default gcc (GCC $(DEFAULT_GCC_MAJOR)); GCC=$(GCC)'s is $(PLUGIN))
endif
endif

# The version check, before anything is compiled: one line saying what
# is wrong and what to install (GCC_PROBLEM above).
.PHONY: gcc-check
gcc-check:
	$(if $(GCC_PROBLEM),$(error $(GCC_PROBLEM)),@:)
	$(if $(GCC_UNTESTED),$(warning calltab: GCC $(GCC_UNTESTED) is newer than the tested GCC $(GCC_SUPPORTED_TEXT): building anyway (UNTESTED_GCC=yes); run make check with it before use))

# ---- assembler probes (gas-support/README.md) ----------------------------
# Before anything is compiled: the assembler GCC runs (AS=... overrides)
# accepts what the plugin and gas-support's macros write; one line per
# feature, the result cached in build/ (rerun when the assembler or the
# script changes).

PROBE_AS := $(if $(filter default,$(origin AS)),$(shell $(GCC) -print-prog-name=as 2>/dev/null),$(AS))
.PHONY: gas-probe
gas-probe:
	@AS="$(PROBE_AS)" gas-support/probe.sh --cache build/gas-probe.txt
gcc-check: gas-probe

# ---- the system the C parts are built for ------------------------------
# /etc/os-release's ID and VERSION_ID, rewritten when it changes: built
# in a Debian 13 or unstable chroot (check-gcc) the library, the command
# and the test programs need that glibc (GLIBC_2.38) and fail on Debian
# 12, so a native build after a chroot run, or the reverse, rebuilds them.
BUILD_SYSTEM := build/system
BUILD_SYSTEM_ID := $(shell . /etc/os-release 2>/dev/null; echo "$$ID $$VERSION_ID")
$(shell [ "$$(cat $(BUILD_SYSTEM) 2>/dev/null)" = "$(BUILD_SYSTEM_ID)" ] || \
	{ mkdir -p $(dir $(BUILD_SYSTEM)) && echo "$(BUILD_SYSTEM_ID)" > $(BUILD_SYSTEM); })

# ---- libcalltab ---------------------------------------------------------

LIB_SONAME := libcalltab.so.0
LIB_SHARED := libcalltab/libcalltab.so.$(VERSION)
LIB_STATIC := libcalltab/libcalltab.a
# One folder per layer (docs/library.md), lowest first; a layer includes
# and calls only its own and lower ones (scripts/check-layers.py).
LIB_LAYERS := common elf dwarf backends code reader disamb inlines afdo verify
LIB_SRCS := $(foreach l,$(LIB_LAYERS),$(sort $(wildcard libcalltab/src/$(l)/*.c)))
LIB_OBJS := $(LIB_SRCS:.c=.o)
# libiberty: the demangler (names as the user wrote them).
LIB_LIBS := -ldw -lelf -liberty
LIB_CPPFLAGS := -Ilibcalltab/include -Ilibcalltab/src

libcalltab/src/%.o: libcalltab/src/%.c VERSION $(BUILD_SYSTEM) | gcc-check
	$(CC) $(ALL_CFLAGS) $(DEPFLAGS) $(LIB_CPPFLAGS) -fPIC -fvisibility=hidden \
	  -DCALLTAB_VERSION='"$(VERSION)"' -c -o $@ $<

$(LIB_SHARED): $(LIB_OBJS) libcalltab/libcalltab.map
	$(CC) -shared -Wl,-soname,$(LIB_SONAME) \
	  -Wl,--version-script=libcalltab/libcalltab.map -Wl,-z,defs \
	  -o $@ $(LIB_OBJS) $(LIB_LIBS) $(LDFLAGS)
	ln -sf $(notdir $@) libcalltab/$(LIB_SONAME)
	ln -sf $(LIB_SONAME) libcalltab/libcalltab.so

$(LIB_STATIC): $(LIB_OBJS)
	rm -f $@
	$(AR) rcs $@ $^

# ---- the calltab command ------------------------------------------------
# Linked against the static library so that it runs from the build tree.
# A front end over the public API only: it does not see libcalltab/src.

CLI := libcalltab/tools/calltab
CLI_SRCS := $(sort $(wildcard libcalltab/tools/*.c))
CLI_OBJS := $(CLI_SRCS:.c=.o)

libcalltab/tools/%.o: libcalltab/tools/%.c $(BUILD_SYSTEM) | gcc-check
	$(CC) $(ALL_CFLAGS) $(DEPFLAGS) -Ilibcalltab/include -c -o $@ $<

$(CLI): $(CLI_OBJS) $(LIB_STATIC)
	$(CC) -o $@ $(CLI_OBJS) $(LIB_STATIC) $(LIB_LIBS) $(LDFLAGS)

# calltab.pc is written at install time, for the PREFIX of that install;
# directories under PREFIX are written relative to ${prefix}, so that
# pkg-config --define-variable=prefix=... relocates them.
PC_LIBDIR = $(patsubst $(PREFIX)/%,$${prefix}/%,$(LIBDIR))
PC_INCLUDEDIR = $(patsubst $(PREFIX)/%,$${prefix}/%,$(INCLUDEDIR))

# ---- testsuite helpers (built by make check, not installed) -------------

TEST_TOOLS_SRCS := $(sort $(filter-out testsuite/tools/failing-malloc.c,\
				     $(wildcard testsuite/tools/*.c)))
TEST_TOOLS := $(TEST_TOOLS_SRCS:.c=) testsuite/tools/failing-malloc.so

# An LD_PRELOAD shim whose Nth allocation fails (calltab.verify/nomem.exp).
testsuite/tools/failing-malloc.so: testsuite/tools/failing-malloc.c $(BUILD_SYSTEM)
	$(CC) $(ALL_CFLAGS) -shared -fPIC -o $@ $< -ldl

testsuite/tools/%: testsuite/tools/%.c $(LIB_STATIC) $(BUILD_SYSTEM)
	$(CC) $(ALL_CFLAGS) $(LIB_CPPFLAGS) -o $@ $< $(LIB_STATIC) $(LIB_LIBS)

# ---- fuzzing -------------------------------------------------------------
# libFuzzer target over the reader, built by clang with ASan and UBSan
# from the library sources.  `make fuzz` runs it for FUZZ_TIME seconds on
# the corpus in FUZZ_CORPUS, seeded from FUZZ_SEEDS.

FUZZ_CC ?= clang
FUZZ_TIME ?= 60
FUZZ_CORPUS ?= libcalltab/fuzz/corpus
FUZZ_SEEDS ?=
FUZZ := libcalltab/fuzz/fuzz-reader
FUZZ_FLAGS := -std=c11 -D_GNU_SOURCE -g -O1 -fno-omit-frame-pointer \
  -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all

# Like testsuite/tools, they follow the system they run on.
$(FUZZ): libcalltab/fuzz/fuzz-reader.c $(LIB_SRCS) $(wildcard libcalltab/src/*/*.h) \
	 libcalltab/include/calltab.h VERSION $(BUILD_SYSTEM)
	$(FUZZ_CC) $(FUZZ_FLAGS) $(LIB_CPPFLAGS) -DCALLTAB_VERSION='"$(VERSION)"' \
	  -o $@ libcalltab/fuzz/fuzz-reader.c $(LIB_SRCS) $(LIB_LIBS)

.PHONY: fuzz fuzz-build
fuzz-build: $(FUZZ)
fuzz: $(FUZZ)
	mkdir -p $(FUZZ_CORPUS)
	$(FUZZ) -max_total_time=$(FUZZ_TIME) -timeout=10 -rss_limit_mb=2048 \
	  $(FUZZ_CORPUS) $(FUZZ_SEEDS)

# The same over calltab_verify, the checks of `calltab verify`.
FUZZ_VERIFY := libcalltab/fuzz/fuzz-verify

$(FUZZ_VERIFY): libcalltab/fuzz/fuzz-verify.c $(LIB_SRCS) \
	 $(wildcard libcalltab/src/*/*.h) libcalltab/include/calltab.h VERSION \
	 $(BUILD_SYSTEM)
	$(FUZZ_CC) $(FUZZ_FLAGS) $(LIB_CPPFLAGS) \
	  -DCALLTAB_VERSION='"$(VERSION)"' -o $@ libcalltab/fuzz/fuzz-verify.c \
	  $(LIB_SRCS) $(LIB_LIBS)

.PHONY: fuzz-verify fuzz-verify-build
fuzz-verify-build: $(FUZZ_VERIFY)
fuzz-verify: $(FUZZ_VERIFY)
	mkdir -p $(FUZZ_CORPUS)-verify
	$(FUZZ_VERIFY) -max_total_time=$(FUZZ_TIME) -timeout=10 -rss_limit_mb=2048 \
	  $(FUZZ_CORPUS)-verify $(FUZZ_SEEDS)

# ---- top-level targets ----------------------------------------------------

BUILT := $(PLUGIN) $(LIB_SHARED) $(LIB_STATIC) $(CLI) \
	 $(if $(filter $(GCC_MAJOR),$(DEFAULT_GCC_MAJOR)),$(DEFAULT_PLUGIN))

.PHONY: all deps demo check check-nodeps check-run check-gcc install uninstall \
	clean bench bench-fdo
all: $(BUILT)

# The packages of the chosen compiler too (GCC=gcc-11: g++-11,
# gcc-11-plugin-dev).
deps:
	@GCC="$(GCC)" scripts/install-deps.sh

demo: deps
	@$(MAKE) --no-print-directory all
	@scripts/demo.sh

# check-nodeps: check without installing packages (check-gcc in the
# chroot).
check: deps
check check-nodeps:
	@$(MAKE) --no-print-directory all $(TEST_TOOLS)
	@$(MAKE) --no-print-directory check-run

# The testsuite's objdir (check-gcc gives each version its own), and how
# many test files run at once (testsuite/run-jobs.sh; docs/testing.md,
# "Running in parallel").
TESTDIR ?= testsuite/build
TEST_JOBS ?= $(shell nproc 2>/dev/null || echo 2)
check-run:
	@rm -rf $(TESTDIR) && mkdir -p $(TESTDIR)
	@{ echo 'set tool calltab'; \
	   echo 'set srcdir "$(CURDIR)/testsuite"'; \
	   echo 'set objdir "$(CURDIR)/$(TESTDIR)"'; \
	   echo 'set calltab_topdir "$(CURDIR)"'; \
	   echo 'set calltab_version "$(VERSION)"'; \
	   echo 'set calltab_plugin_path "$(CURDIR)/$(PLUGIN)"'; \
	   echo 'set CALLTAB_GCC "$(GCC)"'; \
	   echo 'set CALLTAB_GXX "$(GXX)"'; } > $(TESTDIR)/site.exp
	@RUNTEST="$(RUNTEST)" testsuite/run-jobs.sh "$(CURDIR)/$(TESTDIR)" $(TEST_JOBS) \
	  "$(CURDIR)/$(TESTDIR)/site.exp" $(RUNTESTFLAGS)

# The testsuite with every supported GCC available (docs/testing.md, "GCC
# versions"): natively where g++-N and gcc-N-plugin-dev are installed, in
# the Debian chroot that has them (scripts/gcc-chroot.sh --gcc=N: 13 and
# 14 Debian 13, 15 and 16 Debian unstable) for the others from 13 on;
# objdirs testsuite/build/gcc-N; one line per version, exit 1 if any failed.
check-gcc:
	@MAKE="$(MAKE)" RUNTESTFLAGS="$(RUNTESTFLAGS)" \
	  testsuite/check-gcc.sh $(GCC_SUPPORTED)

# ---- real programs --------------------------------------------------------
# sqlite, googletest and expat fetched with npm and apt-get, built with the
# plugin at every level of LEVELS, linked with bfd, gold and lld, run, and
# verified; the consumers compared with and without the plugin at
# CONSUMER_LEVEL (docs/testing.md, "Real programs").  Downloads are cached
# in REAL_DIR/cache.

LEVELS ?= -O0 -O1 -O2 -O3 -Os -Og
REAL_DIR ?= build/real
# The downloads (npm tarballs); check-real-gcc13 to 16 share the native one.
REAL_CACHE ?= $(REAL_DIR)/cache

.PHONY: check-real check-real-gcc13 check-real-gcc14 check-real-gcc15 \
	check-real-gcc16
check-real: deps
	@$(MAKE) --no-print-directory all
	@LEVELS="$(LEVELS)" REAL_DIR="$(REAL_DIR)" GCC="$(GCC)" GXX="$(GXX)" \
	  REAL_CACHE="$(REAL_CACHE)" PLUGIN="$(CURDIR)/$(PLUGIN)" scripts/check-real.sh

# check-real with GCC 13 or 14 in the Debian 13 chroot, 15 or 16 in the
# Debian unstable one (scripts/gcc-chroot.sh --gcc=N, CALLTAB_CHROOTS or
# CALLTAB_CHROOT): the sources are fetched on the host (npm is not in the
# chroot; the tarballs are cached in build/real/cache, shared with the
# native runs), googletest is the host's /usr/src/googletest bind-mounted
# read-only; the plugin is built, and everything checked, in the chroot,
# in build/real/gcc-N (docs/testing.md, "Real programs").
check-real-gcc13 check-real-gcc14 check-real-gcc15 check-real-gcc16: check-real-gcc%: deps
	@$(MAKE) --no-print-directory all
	@REAL_DIR="$(REAL_DIR)/gcc-$*" REAL_CACHE="$(REAL_DIR)/cache" \
	  scripts/real/fetch.sh
	@scripts/gcc-chroot.sh --gcc=$* setup
	@CALLTAB_CHROOT_BIND=/usr/src/googletest scripts/gcc-chroot.sh --gcc=$* run -- \
	  $(MAKE) -C "$(CURDIR)" --no-print-directory -o deps check-real \
	  GCC=gcc-$* GXX=g++-$* DEFAULT_PLUGIN= LEVELS="$(LEVELS)" \
	  REAL_DIR="$(REAL_DIR)/gcc-$*" REAL_CACHE="$(REAL_DIR)/cache" \
	  GTEST_VERSION="$$(dpkg-query -W -f='$${Version}' googletest)"

# ---- patches to upstream tools --------------------------------------------
# Debian's binutils-source 2.40 with patches/binutils-2.40/ applied, only
# readelf and objdump built, the patch's own binutils tests, and their
# decoding compared with `calltab dump` on plugin-built objects and gold-
# and lld-linked programs (patches/README.md; cached in build/patches/).

.PHONY: check-patches
check-patches: all
	@GCC="$(GCC)" GXX="$(GXX)" PLUGIN="$(CURDIR)/$(PLUGIN)" \
	  CALLTAB="$(CURDIR)/$(CLI)" patches/check.sh

install: all
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) \
	  $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(PKGCONFIGDIR) \
	  $(DESTDIR)$(PLUGINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man3
	$(INSTALL) -m 755 $(PLUGIN) $(DESTDIR)$(PLUGINDIR)/calltab.so
	$(INSTALL) -m 755 $(CLI) $(DESTDIR)$(BINDIR)/calltab
	$(INSTALL) -m 755 $(LIB_SHARED) $(DESTDIR)$(LIBDIR)/
	ln -sf $(notdir $(LIB_SHARED)) $(DESTDIR)$(LIBDIR)/$(LIB_SONAME)
	ln -sf $(LIB_SONAME) $(DESTDIR)$(LIBDIR)/libcalltab.so
	$(INSTALL) -m 644 $(LIB_STATIC) $(DESTDIR)$(LIBDIR)/
	$(INSTALL) -m 644 libcalltab/include/calltab.h \
	  libcalltab/include/calltab-format.h gas-support/calltab.S.h \
	  gas-support/calltab.inc $(DESTDIR)$(INCLUDEDIR)/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(PC_LIBDIR)|' \
	    -e 's|@INCLUDEDIR@|$(PC_INCLUDEDIR)|' -e 's|@VERSION@|$(VERSION)|' \
	    libcalltab/calltab.pc.in > $(DESTDIR)$(PKGCONFIGDIR)/calltab.pc
	chmod 644 $(DESTDIR)$(PKGCONFIGDIR)/calltab.pc
	$(INSTALL) -m 644 docs/calltab.1 $(DESTDIR)$(MANDIR)/man1/
	$(INSTALL) -m 644 docs/libcalltab.3 $(DESTDIR)$(MANDIR)/man3/
	$(INSTALL) -d $(DESTDIR)$(GDB_PYDIR)/calltab $(DESTDIR)$(GDB_SCRIPTDIR)
	$(INSTALL) -m 644 $(GDB_PY) $(DESTDIR)$(GDB_PYDIR)/calltab/
	printf '# Written by make install: where libcalltab.so.0 is.\nLIBDIR = "%s"\n' \
	  '$(LIBDIR)' > $(DESTDIR)$(GDB_PYDIR)/calltab/_paths.py
	chmod 644 $(DESTDIR)$(GDB_PYDIR)/calltab/_paths.py
	$(INSTALL) -m 644 libcalltab/gdb/calltab-gdb.py $(DESTDIR)$(GDB_SCRIPTDIR)/

uninstall:
	rm -f $(DESTDIR)$(PLUGINDIR)/calltab.so $(DESTDIR)$(BINDIR)/calltab \
	  $(DESTDIR)$(LIBDIR)/$(notdir $(LIB_SHARED)) \
	  $(DESTDIR)$(LIBDIR)/$(LIB_SONAME) $(DESTDIR)$(LIBDIR)/libcalltab.so \
	  $(DESTDIR)$(LIBDIR)/libcalltab.a $(DESTDIR)$(INCLUDEDIR)/calltab.h \
	  $(DESTDIR)$(INCLUDEDIR)/calltab-format.h \
	  $(DESTDIR)$(INCLUDEDIR)/calltab.S.h $(DESTDIR)$(INCLUDEDIR)/calltab.inc \
	  $(DESTDIR)$(PKGCONFIGDIR)/calltab.pc \
	  $(DESTDIR)$(MANDIR)/man1/calltab.1 $(DESTDIR)$(MANDIR)/man3/libcalltab.3
	rm -f $(addprefix $(DESTDIR)$(GDB_PYDIR)/calltab/,$(notdir $(GDB_PY))) \
	  $(DESTDIR)$(GDB_PYDIR)/calltab/_paths.py \
	  $(DESTDIR)$(GDB_SCRIPTDIR)/calltab-gdb.py
	rm -rf $(DESTDIR)$(GDB_PYDIR)/calltab/__pycache__
	-rmdir $(DESTDIR)$(GDB_PYDIR)/calltab $(DESTDIR)$(GDB_PYDIR) \
	  $(DESTDIR)$(GDB_SCRIPTDIR) $(DESTDIR)$(DATADIR)/calltab 2>/dev/null

clean:
	rm -rf build/gcc-*
	rm -f gcc-plugin/*.o gcc-plugin/*.d gcc-plugin/calltab.so \
	  libcalltab/src/*/*.o libcalltab/src/*/*.d libcalltab/tools/*.o \
	  libcalltab/tools/*.d $(CLI) libcalltab/libcalltab.so* $(LIB_STATIC) \
	  $(TEST_TOOLS) $(FUZZ) $(FUZZ_VERIFY)
	rm -rf $(TESTDIR) examples/build

# ---- benchmarks (bench/README.md) -----------------------------------------

# Every bench/*.sh (but the generators and lib.sh, which they source),
# niced, run by its #! line.  The reduced set (default):
# comdat-scaling.sh without its 20,000-group object (readelf -w alone
# takes about 14 minutes there), discriminators.sh on the testsuite's
# programs only and discrim-blocks.sh on the corpus only (no
# gcc-12-source fetch); the other scripts with their
# defaults: cost.sh (issue 13's table, bench/results.md) takes about 15
# minutes with its 5 timed runs per build; `make bench QUICK=1` or RUNS=N
# shortens it (docs/cost.md).  Then discriminators.sh --cost (MODES=default,
# GCC 12; bench-discrim-gcc for 14 and 16): issue 27's .debug_line targets on sqlite3.c, gtest-all.cc,
# bench/macro-kernels.c and the corpus at -O0, -O2 and -O3, written to
# the end of bench/results.md (about 10 minutes).  fdo.sh (issue 28) with
# its defaults, the same as bench-fdo: its section of bench/results.md.
BENCH_COMDAT_GROUPS := 100 1000 5000
BENCH_DISCRIM_FILES = $(wildcard testsuite/corpus/*.c testsuite/corpus/*.cc \
			testsuite/calltab.discrim/*.c)
bench: all testsuite/tools/afdo-dump
	@set -e; for s in $(sort $(wildcard bench/*.sh)); do \
	  args=; \
	  case $$s in bench/*-gen.sh | bench/lib.sh) continue ;; esac; \
	  if [ -z "$(BENCH_FULL)" ]; then \
	    case $$s in \
	      bench/comdat-scaling.sh) args="$(BENCH_COMDAT_GROUPS)" ;; \
	      bench/discriminators.sh) args="$(BENCH_DISCRIM_FILES)" ;; \
	      bench/discrim-blocks.sh) args=corpus ;; \
	      bench/disambiguate.sh) args=200000 ;; \
	      bench/backtrace.sh) args="2 500" ;; \
	      bench/symbolize.sh) args="100000 2 2000" ;; \
	      bench/gdb-icf-names.sh | bench/gdb-icf-cells.sh) continue ;; \
	    esac; \
	  fi; \
	  echo "== $$s"; \
	  t0=$$(date +%s); nice $$s $$args; \
	  echo "($$s: $$(( $$(date +%s) - t0 )) s)"; \
	done; \
	echo "== bench/discriminators.sh --cost"; \
	t0=$$(date +%s); MODES=default nice bench/discriminators.sh --cost; \
	echo "(bench/discriminators.sh --cost: $$(( $$(date +%s) - t0 )) s)"

# The merged-code scores under gdb in every cell (bench/gdb-icf-cells.sh:
# SUITES, OPTS, PIES, LINKERS; the samples' eight cells about 40 minutes),
# a section of bench/results.md.
.PHONY: bench-icf
bench-icf: all
	bench/gdb-icf-cells.sh

# discriminators.sh --cost (the .debug_line cost table of the plugin's
# default mode, issues 27 and 42: one section of bench/results.md per GCC)
# with each GCC of BENCH_DISCRIM_GCCS: 12 here, the others in the chroot
# that has them (scripts/gcc-chroot.sh, set up on first use), their
# plugin built there; sqlite3.c fetched on the host, googletest the
# host's bind-mounted.  About 10 minutes per GCC.
BENCH_DISCRIM_GCCS ?= 12 14 16
.PHONY: bench-discrim-gcc
bench-discrim-gcc: all
	@REAL_DIR="$(REAL_DIR)" REAL_CACHE="$(REAL_CACHE)" scripts/real/fetch.sh
	@set -e; for v in $(BENCH_DISCRIM_GCCS); do \
	  echo "== bench/discriminators.sh --cost, GCC $$v"; \
	  if [ "$$v" = 12 ]; then \
	    REAL_DIR="$(REAL_DIR)" MODES=default nice bench/discriminators.sh --cost; \
	  else \
	    scripts/gcc-chroot.sh --gcc=$$v setup; \
	    CALLTAB_CHROOT_BIND=/usr/src/googletest scripts/gcc-chroot.sh \
	      --gcc=$$v run -- sh -c "make -s GCC=gcc-$$v GXX=g++-$$v \
	        build/gcc-$$v/calltab.so && REAL_DIR=$(REAL_DIR) MODES=default \
	        GCC=gcc-$$v GXX=g++-$$v PLUGIN=$(CURDIR)/build/gcc-$$v/calltab.so \
	        CALLTAB_BENCH_DIR=/tmp/calltab-bench-gcc$$v \
	        PLUGIN_REV=$(shell git rev-parse --short HEAD 2>/dev/null) \
	        nice sh bench/discriminators.sh --cost"; \
	  fi; \
	done

# bench/fdo.sh alone (bench/README.md): QUICK=1, RUNS, JOBS, PROGRAMS,
# GCCS, MODES, RECS, EXACT, KEEP, XCFLAGS, CALLTAB_CHROOTS from the environment or
# the command line.
bench-fdo: all testsuite/tools/afdo-dump
	nice bench/fdo.sh

-include $(PLUGIN_OBJS:.o=.d) $(LIB_OBJS:.o=.d) $(CLI_OBJS:.o=.d)
