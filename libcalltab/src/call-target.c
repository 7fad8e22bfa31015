/* call-target.c: the call ending at a return address, and its target.  */

#include <stdlib.h>
#include <string.h>
#include "call-target.h"
#include "x86-insn.h"

struct code_section
{
  GElf_Shdr shdr;
  const char *name;
  const unsigned char *bytes;	/* contents, NULL for NOBITS or none */
  size_t size;
};

/* A symbol that can name a call target.  */
struct code_symbol
{
  size_t shndx;			/* 0 in linked files: sorted by address */
  uint64_t value;
  uint64_t size;
  const char *name;
};

/* A relocation: in relocatable objects one that applies to code (keyed by
   section and offset), in linked files a dynamic one (keyed by address).  */
struct code_reloc
{
  size_t scn;
  uint64_t offset;
  unsigned type;
  int64_t addend;
  const char *sym_name;		/* NULL or "" for none */
  unsigned char sym_type;
  size_t sym_shndx;
  uint64_t sym_value;
};

struct ct_code
{
  Elf *elf;
  bool relocatable;
  size_t nsections;
  struct code_section *sections;
  size_t nsymbols;
  struct code_symbol *symbols;
  size_t nrelocs;
  struct code_reloc *relocs;
};

static int
cmp_symbol (const void *a, const void *b)
{
  const struct code_symbol *x = a, *y = b;
  if (x->shndx != y->shndx)
    return x->shndx < y->shndx ? -1 : 1;
  if (x->value != y->value)
    return x->value < y->value ? -1 : 1;
  return strcmp (x->name, y->name);
}

static int
cmp_reloc (const void *a, const void *b)
{
  const struct code_reloc *x = a, *y = b;
  if (x->scn != y->scn)
    return x->scn < y->scn ? -1 : 1;
  if (x->offset != y->offset)
    return x->offset < y->offset ? -1 : 1;
  return 0;
}

static void *
grow (void *p, size_t *cap, size_t need, size_t elt)
{
  if (need <= *cap)
    return p;
  size_t n = *cap ? *cap * 2 : 64;
  while (n < need)
    n *= 2;
  void *q = realloc (p, n * elt);
  if (q != NULL)
    *cap = n;
  return q;
}

/* Symbol number NDX of symbol table section SYMSCN, or false.  */
static bool
get_symbol (const struct ct_code *code, size_t symscn, size_t ndx,
	    GElf_Sym *sym, const char **name)
{
  if (symscn == 0 || symscn >= code->nsections)
    return false;
  Elf_Scn *scn = elf_getscn (code->elf, symscn);
  Elf_Data *data = scn != NULL ? elf_getdata (scn, NULL) : NULL;
  if (data == NULL || gelf_getsym (data, (int) ndx, sym) == NULL)
    return false;
  size_t strscn = code->sections[symscn].shdr.sh_link;
  *name = elf_strptr (code->elf, strscn, sym->st_name);
  if (*name == NULL)
    *name = "";
  return true;
}

static bool
add_symbols (struct ct_code *code, size_t symscn, size_t *cap)
{
  Elf_Scn *scn = elf_getscn (code->elf, symscn);
  Elf_Data *data = elf_getdata (scn, NULL);
  const GElf_Shdr *sh = &code->sections[symscn].shdr;
  if (data == NULL || sh->sh_entsize == 0)
    return true;
  size_t n = data->d_size / sh->sh_entsize;
  for (size_t i = 1; i < n; i++)
    {
      GElf_Sym sym;
      const char *name;
      if (!get_symbol (code, symscn, i, &sym, &name) || name[0] == '\0')
	continue;
      int type = GELF_ST_TYPE (sym.st_info);
      if (type != STT_FUNC && type != STT_GNU_IFUNC && type != STT_NOTYPE)
	continue;
      if (sym.st_shndx == SHN_UNDEF || sym.st_shndx >= SHN_LORESERVE)
	continue;
      /* Local labels of hand-written code are NOTYPE too; keep them,
	 targets are looked up by exact place only.  */
      void *p = grow (code->symbols, cap, code->nsymbols + 1,
		      sizeof *code->symbols);
      if (p == NULL)
	return false;		/* out of memory; code->symbols kept */
      code->symbols = p;
      code->symbols[code->nsymbols++] = (struct code_symbol) {
	.shndx = code->relocatable ? sym.st_shndx : 0,
	.value = sym.st_value,
	.size = sym.st_size,
	.name = name,
      };
    }
  return true;
}

static bool
add_relocs (struct ct_code *code, size_t relscn, size_t *cap)
{
  const GElf_Shdr *sh = &code->sections[relscn].shdr;
  size_t applies_to = sh->sh_info;
  if (code->relocatable)
    {
      if (applies_to == 0 || applies_to >= code->nsections
	  || (code->sections[applies_to].shdr.sh_flags & SHF_EXECINSTR) == 0)
	return true;
    }
  else if ((sh->sh_flags & SHF_ALLOC) == 0)
    return true;
  Elf_Scn *scn = elf_getscn (code->elf, relscn);
  Elf_Data *data = elf_getdata (scn, NULL);
  if (data == NULL || sh->sh_entsize == 0)
    return true;
  size_t n = data->d_size / sh->sh_entsize;
  for (size_t i = 0; i < n; i++)
    {
      GElf_Rela r;
      if (gelf_getrela (data, (int) i, &r) == NULL)
	continue;
      struct code_reloc rel = {
	.scn = code->relocatable ? applies_to : 0,
	.offset = r.r_offset,
	.type = GELF_R_TYPE (r.r_info),
	.addend = r.r_addend,
      };
      GElf_Sym sym;
      const char *name;
      if (GELF_R_SYM (r.r_info) != 0
	  && get_symbol (code, sh->sh_link, GELF_R_SYM (r.r_info), &sym,
			 &name))
	{
	  rel.sym_name = name;
	  rel.sym_type = GELF_ST_TYPE (sym.st_info);
	  rel.sym_shndx = sym.st_shndx;
	  rel.sym_value = sym.st_value;
	}
      void *p = grow (code->relocs, cap, code->nrelocs + 1,
		      sizeof *code->relocs);
      if (p == NULL)
	return false;		/* out of memory; code->relocs kept */
      code->relocs = p;
      code->relocs[code->nrelocs++] = rel;
    }
  return true;
}

struct ct_code *
__calltab_code_begin (Elf *elf)
{
  GElf_Ehdr ehdr;
  size_t shstrndx;
  if (elf == NULL || gelf_getehdr (elf, &ehdr) == NULL
      || elf_getshdrstrndx (elf, &shstrndx) != 0)
    return NULL;
  struct ct_code *code = calloc (1, sizeof *code);
  if (code == NULL)
    return NULL;
  code->elf = elf;
  code->relocatable = ehdr.e_type == ET_REL;
  if (elf_getshdrnum (elf, &code->nsections) != 0
      || (code->sections = calloc (code->nsections + 1,
				   sizeof *code->sections)) == NULL)
    goto fail;

  for (size_t i = 1; i < code->nsections; i++)
    {
      struct code_section *s = &code->sections[i];
      Elf_Scn *scn = elf_getscn (elf, i);
      if (scn == NULL || gelf_getshdr (scn, &s->shdr) == NULL)
	continue;
      s->name = elf_strptr (elf, shstrndx, s->shdr.sh_name);
      if (s->shdr.sh_type != SHT_NOBITS)
	{
	  Elf_Data *d = elf_getdata (scn, NULL);
	  if (d != NULL && d->d_buf != NULL)
	    {
	      s->bytes = d->d_buf;
	      s->size = d->d_size;
	    }
	}
    }

  size_t symcap = 0, relcap = 0;
  for (size_t i = 1; i < code->nsections; i++)
    {
      unsigned type = code->sections[i].shdr.sh_type;
      if ((type == SHT_SYMTAB || type == SHT_DYNSYM)
	  && !add_symbols (code, i, &symcap))
	goto fail;
      if (type == SHT_RELA && !add_relocs (code, i, &relcap))
	goto fail;
    }
  if (code->nsymbols > 0)
    qsort (code->symbols, code->nsymbols, sizeof *code->symbols, cmp_symbol);
  if (code->nrelocs > 0)
    qsort (code->relocs, code->nrelocs, sizeof *code->relocs, cmp_reloc);
  return code;

fail:
  __calltab_code_end (code);
  return NULL;
}

void
__calltab_code_end (struct ct_code *code)
{
  if (code == NULL)
    return;
  free (code->sections);
  free (code->symbols);
  free (code->relocs);
  free (code);
}

bool
__calltab_code_relocatable (const struct ct_code *code)
{
  return code->relocatable;
}

bool
__calltab_code_is_exec (const struct ct_code *code, size_t scnidx)
{
  if (scnidx == 0 || scnidx >= code->nsections)
    return false;
  const GElf_Shdr *sh = &code->sections[scnidx].shdr;
  return (sh->sh_flags & (SHF_ALLOC | SHF_EXECINSTR))
	 == (SHF_ALLOC | SHF_EXECINSTR);
}

const char *
__calltab_code_scn_name (const struct ct_code *code, size_t scnidx)
{
  if (scnidx == 0 || scnidx >= code->nsections
      || code->sections[scnidx].name == NULL)
    return "?";
  return code->sections[scnidx].name;
}

const unsigned char *
__calltab_code_bytes (const struct ct_code *code, size_t scnidx,
		      size_t *size)
{
  if (scnidx == 0 || scnidx >= code->nsections)
    return NULL;
  *size = code->sections[scnidx].size;
  return code->sections[scnidx].bytes;
}

uint64_t
__calltab_code_scn_addr (const struct ct_code *code, size_t scnidx)
{
  if (scnidx == 0 || scnidx >= code->nsections)
    return 0;
  return code->sections[scnidx].shdr.sh_addr;
}

bool
__calltab_code_locate (const struct ct_code *code, uint64_t addr,
		       struct ct_place *place)
{
  for (size_t i = 1; i < code->nsections; i++)
    {
      const GElf_Shdr *sh = &code->sections[i].shdr;
      if (!__calltab_code_is_exec (code, i) || code->relocatable)
	continue;
      if (addr > sh->sh_addr && addr - sh->sh_addr <= sh->sh_size)
	{
	  place->scnidx = i;
	  place->offset = addr - sh->sh_addr;
	  return true;
	}
    }
  return false;
}

/* The index of the first symbol at ADDR with section key KEY (the
   section in objects, 0 in linked files), or of the first after it, in
   the symbols sorted by section key and value.  */
static size_t
first_symbol_at (const struct ct_code *code, size_t key, uint64_t addr)
{
  size_t lo = 0, hi = code->nsymbols;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      const struct code_symbol *s = &code->symbols[mid];
      if (s->shndx < key || (s->shndx == key && s->value < addr))
	lo = mid + 1;
      else
	hi = mid;
    }
  return lo;
}

size_t
__calltab_code_symbols_at (const struct ct_code *code, size_t scnidx,
			   uint64_t addr, const char **out, size_t max)
{
  size_t key = code->relocatable ? scnidx : 0;
  size_t lo = first_symbol_at (code, key, addr);
  size_t n = 0;
  for (size_t i = lo; i < code->nsymbols && n < max; i++)
    {
      const struct code_symbol *s = &code->symbols[i];
      if (s->shndx != key || s->value != addr)
	break;
      /* .symtab and .dynsym both list exported functions.  */
      bool seen = false;
      for (size_t j = 0; j < n; j++)
	seen |= strcmp (out[j], s->name) == 0;
      if (!seen)
	out[n++] = s->name;
    }
  return n;
}

uint64_t
__calltab_code_func_size (const struct ct_code *code, size_t scnidx,
			  uint64_t addr)
{
  size_t key = code->relocatable ? scnidx : 0;
  size_t lo = first_symbol_at (code, key, addr);
  uint64_t size = 0;
  for (size_t i = lo; i < code->nsymbols; i++)
    {
      const struct code_symbol *s = &code->symbols[i];
      if (s->shndx != key || s->value != addr)
	break;
      if (s->size > size)
	size = s->size;
    }
  return size;
}

static const struct code_reloc *
reloc_at (const struct ct_code *code, size_t scn, uint64_t offset)
{
  size_t key = code->relocatable ? scn : 0;
  size_t lo = 0, hi = code->nrelocs;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      const struct code_reloc *r = &code->relocs[mid];
      if (r->scn < key || (r->scn == key && r->offset < offset))
	lo = mid + 1;
      else
	hi = mid;
    }
  if (lo < code->nrelocs && code->relocs[lo].scn == key
      && code->relocs[lo].offset == offset)
    return &code->relocs[lo];
  return NULL;
}

bool
__calltab_code_reloc_at (const struct ct_code *code, size_t scnidx,
			 uint64_t offset)
{
  return code->relocatable && reloc_at (code, scnidx, offset) != NULL;
}

/* The allocated section with contents holding [ADDR, ADDR + LEN).  */
static const unsigned char *
bytes_at (const struct ct_code *code, uint64_t addr, size_t len)
{
  for (size_t i = 1; i < code->nsections; i++)
    {
      const struct code_section *s = &code->sections[i];
      if ((s->shdr.sh_flags & SHF_ALLOC) == 0 || s->bytes == NULL)
	continue;
      if (addr >= s->shdr.sh_addr && addr - s->shdr.sh_addr <= s->size
	  && s->size - (addr - s->shdr.sh_addr) >= len)
	return s->bytes + (addr - s->shdr.sh_addr);
    }
  return NULL;
}

static uint64_t
read_le64 (const unsigned char *p)
{
  uint64_t v = 0;
  for (int i = 7; i >= 0; i--)
    v = v << 8 | p[i];
  return v;
}

/* Name the function a GOT slot at ADDR (linked file) leads to.  */
static void
name_got_slot (const struct ct_code *code, uint64_t slot, struct ct_call *c)
{
  c->via_got = true;
  const struct code_reloc *r = reloc_at (code, 0, slot);
  if (r != NULL && (r->type == R_X86_64_JUMP_SLOT
		    || r->type == R_X86_64_GLOB_DAT
		    || r->type == R_X86_64_64)
      && r->sym_name != NULL && r->sym_name[0] != '\0')
    {
      c->resolved = true;
      c->names[0] = r->sym_name;
      c->nnames = 1;
      return;
    }
  uint64_t target;
  if (r != NULL && (r->type == R_X86_64_RELATIVE
		    || r->type == R_X86_64_IRELATIVE))
    target = (uint64_t) r->addend;
  else
    {
      /* Bound at link time (static, or -z now with local binding): the
	 slot holds the address.  */
      const unsigned char *p = bytes_at (code, slot, 8);
      if (p == NULL)
	return;
      target = read_le64 (p);
    }
  c->resolved = true;
  c->target = target;
  c->nnames = __calltab_code_symbols_at (code, 0, target, c->names,
					 CT_MAX_NAMES);
}

/* A PLT stub at ADDR: [endbr64] [bnd] jmp *disp32(%rip).  Returns the
   address of its GOT slot, or 0.  */
static uint64_t
plt_stub_slot (const struct ct_code *code, uint64_t addr)
{
  const unsigned char *p = bytes_at (code, addr, 11);
  size_t i = 0;
  if (p == NULL)
    return 0;
  if (p[0] == 0xf3 && p[1] == 0x0f && p[2] == 0x1e && p[3] == 0xfa)
    i = 4;
  if (p[i] == 0xf2)
    i++;
  if (p[i] != 0xff || p[i + 1] != 0x25)
    return 0;
  int32_t disp = (int32_t) ((uint32_t) p[i + 2] | (uint32_t) p[i + 3] << 8
			    | (uint32_t) p[i + 4] << 16
			    | (uint32_t) p[i + 5] << 24);
  return addr + i + 6 + (int64_t) disp;
}

static void
resolve_linked (const struct ct_code *code, const struct ct_place *place,
		struct ct_call *c)
{
  uint64_t base = code->sections[place->scnidx].shdr.sh_addr;
  uint64_t end = base + place->offset;
  if (c->insn.kind == X86_CALL_DIRECT)
    {
      uint64_t target = end + (uint64_t) c->insn.disp;
      c->target = target;
      c->resolved = true;
      c->nnames = __calltab_code_symbols_at (code, 0, target, c->names,
					     CT_MAX_NAMES);
      if (c->nnames > 0)
	return;
      uint64_t slot = plt_stub_slot (code, target);
      if (slot != 0)
	{
	  c->via_plt = true;
	  c->resolved = false;
	  name_got_slot (code, slot, c);
	}
      return;
    }
  if (c->insn.rip_relative)
    name_got_slot (code, end + (uint64_t) c->insn.disp, c);
}

static void
resolve_relocatable (const struct ct_code *code,
		     const struct ct_place *place, struct ct_call *c)
{
  if (c->insn.field == (size_t) -1)
    return;
  const struct code_reloc *r = reloc_at (code, place->scnidx, c->insn.field);
  if (c->insn.kind == X86_CALL_INDIRECT)
    {
      /* Only a GOT slot names a function; a PC32 displacement reads a
	 pointer variable whose value is unknown here.  */
      if (!c->insn.rip_relative || r == NULL || r->sym_name == NULL
	  || (r->type != R_X86_64_GOTPCREL && r->type != R_X86_64_GOTPCRELX
	      && r->type != R_X86_64_REX_GOTPCRELX) || r->addend != -4)
	return;
      c->via_got = true;
      c->resolved = true;
      c->names[0] = r->sym_name;
      c->nnames = 1;
      return;
    }
  if (r == NULL)
    {
      /* The assembler resolved a call within the section.  */
      c->resolved = true;
      c->target_scn = place->scnidx;
      c->target = place->offset + (uint64_t) c->insn.disp;
      c->nnames = __calltab_code_symbols_at (code, place->scnidx, c->target,
					     c->names, CT_MAX_NAMES);
      return;
    }
  if (r->type != R_X86_64_PLT32 && r->type != R_X86_64_PC32)
    return;
  /* target = S + A - P + end, and the rel32 is the last 4 bytes.  */
  uint64_t off = r->sym_value + (uint64_t) r->addend + 4;
  if (r->sym_type == STT_SECTION
      || (r->sym_shndx != SHN_UNDEF && r->addend != -4))
    {
      c->resolved = true;
      c->target_scn = r->sym_shndx;
      c->target = off;
      c->nnames = __calltab_code_symbols_at (code, r->sym_shndx, off,
					     c->names, CT_MAX_NAMES);
      return;
    }
  if (r->addend != -4 || r->sym_name == NULL || r->sym_name[0] == '\0')
    return;
  c->resolved = true;
  c->target_scn = r->sym_shndx;
  c->target = r->sym_shndx != SHN_UNDEF ? off : 0;
  c->names[0] = r->sym_name;
  c->nnames = 1;
  if (r->sym_shndx != SHN_UNDEF && r->sym_shndx < SHN_LORESERVE)
    {
      /* Aliases at the same place (ICF-like folding by the assembler's
	 .set, or C++ constructor aliases).  */
      const char *more[CT_MAX_NAMES];
      size_t n = __calltab_code_symbols_at (code, r->sym_shndx, off, more,
					    CT_MAX_NAMES);
      for (size_t i = 0; i < n && c->nnames < CT_MAX_NAMES; i++)
	if (strcmp (more[i], r->sym_name) != 0)
	  c->names[c->nnames++] = more[i];
    }
}

/* The start (section offset) of the sized function symbol of section
   SCNIDX whose code holds the byte before END, or (uint64_t) -1.  */
static uint64_t
function_start (const struct ct_code *code, size_t scnidx, uint64_t end)
{
  const struct code_section *sec = &code->sections[scnidx];
  uint64_t base = code->relocatable ? 0 : sec->shdr.sh_addr;
  size_t key = code->relocatable ? scnidx : 0;
  uint64_t addr = base + end - 1;
  /* The last symbol at or before ADDR, and a few before it (aliases,
     local labels).  */
  size_t lo = 0, hi = code->nsymbols;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      const struct code_symbol *y = &code->symbols[mid];
      if (y->shndx < key || (y->shndx == key && y->value <= addr))
	lo = mid + 1;
      else
	hi = mid;
    }
  for (size_t i = lo, k = 0; i > 0 && k < 1024; i--, k++)
    {
      const struct code_symbol *y = &code->symbols[i - 1];
      if (y->shndx != key)
	break;
      if (y->size > 0 && y->value <= addr && addr - y->value < y->size
	  && y->value >= base && y->value - base < sec->size)
	return y->value - base;
    }
  return (uint64_t) -1;
}

/* Decode forwards from START to END: 1 if an instruction ends exactly at
   END (*AT is its start), 0 if the walk steps over END or cannot decode
   (then the backward search decides).  */
static int
forward_to (const unsigned char *bytes, size_t size, uint64_t start,
	    uint64_t end, size_t *at)
{
  size_t off = (size_t) start;
  while (off < end)
    {
      struct x86_insn insn;
      if (!__calltab_x86_decode_insn (bytes, size, off, &insn))
	return 0;
      if (off + insn.length == end)
	{
	  *at = off;
	  return 1;
	}
      off += insn.length;
    }
  return 0;
}

size_t
__calltab_code_calls_at (const struct ct_code *code,
			 const struct ct_place *place, struct ct_call *out,
			 size_t max)
{
  if (place->scnidx == 0 || place->scnidx >= code->nsections)
    return 0;
  const struct code_section *s = &code->sections[place->scnidx];
  if (s->bytes == NULL || place->offset > s->size)
    return 0;
  struct x86_call insns[X86_MAX_INSN];
  size_t n;
  uint64_t start = function_start (code, place->scnidx, place->offset);
  size_t at;
  if (start != (uint64_t) -1 && start < place->offset
      && forward_to (s->bytes, s->size, start, place->offset, &at))
    {
      /* The instruction that ends there is known: no ambiguity.  */
      n = max > 0 && __calltab_x86_decode_call (s->bytes,
						(size_t) place->offset, at,
						&insns[0])
	  && insns[0].start + insns[0].length == place->offset ? 1 : 0;
    }
  else
    n = __calltab_x86_calls_ending_at (s->bytes, s->size,
				       (size_t) place->offset, insns,
				       max < X86_MAX_INSN ? max : X86_MAX_INSN);
  for (size_t i = 0; i < n; i++)
    {
      memset (&out[i], 0, sizeof out[i]);
      out[i].insn = insns[i];
      if (code->relocatable)
	resolve_relocatable (code, place, &out[i]);
      else
	resolve_linked (code, place, &out[i]);
    }
  return n;
}
