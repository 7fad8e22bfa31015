/* code-index.c: the code of an ELF file, indexed: sections, function
   symbols, relocations.  Generic: the machine's part is in backends/.  */

#include <stdlib.h>
#include <string.h>
#include "code-index.h"
#include "elf-index.h"

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

struct ct_code
{
  Elf *elf;
  bool relocatable;
  unsigned int machine;		/* e_machine */
  size_t nsections;
  struct code_section *sections;
  struct ct_addrmap *map;	/* linked files: allocated sections */
  size_t nsymbols, symbols_alloc;
  struct code_symbol *symbols;
  /* The same symbols, by name.  */
  const struct code_symbol **by_name;
  size_t nrelocs, relocs_alloc;
  struct ct_code_reloc *relocs;
};

/* A place in the sorted symbols and relocations: section key (the
   section in objects, 0 in linked files) and value or offset.  */
struct code_key
{
  size_t scn;
  uint64_t at;
};

/* -1, 0 or 1 as place (SCN, AT) orders before, at or after K.  */
static int
cmp_place (size_t scn, uint64_t at, const struct code_key *k)
{
  if (scn != k->scn)
    return scn < k->scn ? -1 : 1;
  return at < k->at ? -1 : at > k->at;
}

static int
cmp_symbol (const void *a, const void *b)
{
  const struct code_symbol *x = a, *y = b;
  struct code_key k = { y->shndx, y->value };
  int c = cmp_place (x->shndx, x->value, &k);
  return c != 0 ? c : strcmp (x->name, y->name);
}

static int
cmp_reloc (const void *a, const void *b)
{
  const struct ct_code_reloc *x = a, *y = b;
  struct code_key k = { y->scn, y->offset };
  return cmp_place (x->scn, x->offset, &k);
}

static bool
symbol_before (const void *elt, const void *key)
{
  const struct code_symbol *s = elt;
  return cmp_place (s->shndx, s->value, key) < 0;
}

static bool
symbol_at_or_before (const void *elt, const void *key)
{
  const struct code_symbol *s = elt;
  return cmp_place (s->shndx, s->value, key) <= 0;
}

static int
cmp_symbol_name (const void *a, const void *b)
{
  const struct code_symbol *const *x = a, *const *y = b;
  int c = strcmp ((*x)->name, (*y)->name);
  if (c != 0)
    return c;
  return *x < *y ? -1 : *x > *y;
}

static bool
symbol_name_before (const void *elt, const void *key)
{
  const struct code_symbol *const *s = elt;
  return strcmp ((*s)->name, key) < 0;
}

static bool
reloc_before (const void *elt, const void *key)
{
  const struct ct_code_reloc *r = elt;
  return cmp_place (r->scn, r->offset, key) < 0;
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

/* Index the function symbols of symbol table SYMSCN.  Returns 0, or -1
   when out of memory.  */
static int
add_symbols (struct ct_code *code, size_t symscn)
{
  Elf_Scn *scn = elf_getscn (code->elf, symscn);
  Elf_Data *data = elf_getdata (scn, NULL);
  const GElf_Shdr *sh = &code->sections[symscn].shdr;
  if (data == NULL || sh->sh_entsize == 0)
    return 0;
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
      if (__calltab_reserve (&code->symbols, &code->symbols_alloc,
			     code->nsymbols + 1, sizeof *code->symbols) < 0)
	return -1;
      code->symbols[code->nsymbols++] = (struct code_symbol) {
	.shndx = code->relocatable ? sym.st_shndx : 0,
	.value = sym.st_value,
	.size = sym.st_size,
	.name = name,
      };
    }
  return 0;
}

/* __calltab_reloc_walk callback: index one relocation.  */
static int
add_reloc (const struct ct_rel *r, void *arg)
{
  struct ct_code *code = arg;
  struct ct_code_reloc rel = {
    .scn = code->relocatable ? r->applies_to : 0,
    .offset = r->offset,
    .type = r->type,
    .addend = r->addend,
    .implicit = r->implicit,
  };
  if (r->symndx != 0 && r->have_sym)
    {
      rel.sym_name = r->name;
      rel.sym_type = GELF_ST_TYPE (r->sym.st_info);
      rel.sym_shndx = r->sym.st_shndx;
      rel.sym_value = r->sym.st_value;
    }
  if (__calltab_reserve (&code->relocs, &code->relocs_alloc,
			 code->nrelocs + 1, sizeof *code->relocs) < 0)
    return -1;
  code->relocs[code->nrelocs++] = rel;
  return 0;
}

/* Index the relocations of relocation section RELSCN (RELA or REL): in
   objects those that apply to code, in linked files the dynamic ones.
   Returns 0, or -1 when out of memory.  */
static int
add_relocs (struct ct_code *code, const struct ct_relindex *ix, size_t relscn)
{
  const GElf_Shdr *sh = &code->sections[relscn].shdr;
  size_t applies_to = sh->sh_info;
  if (code->relocatable)
    {
      if (applies_to == 0 || applies_to >= code->nsections
	  || (code->sections[applies_to].shdr.sh_flags & SHF_EXECINSTR) == 0)
	return 0;
    }
  else if ((sh->sh_flags & SHF_ALLOC) == 0)
    return 0;
  return __calltab_reloc_walk_ix (code->elf, ix,
				  elf_getscn (code->elf, relscn),
				  add_reloc, code);
}

struct ct_code *
__calltab_code_begin (Elf *elf)
{
  GElf_Ehdr ehdr;
  size_t shstrndx;
  if (elf == NULL || gelf_getehdr (elf, &ehdr) == NULL
      || elf_getshdrstrndx (elf, &shstrndx) != 0)
    {
      __calltab_seterr (CALLTAB_E_LIBELF, "%s", elf_errmsg (-1));
      return NULL;
    }
  struct ct_code *code = calloc (1, sizeof *code);
  if (code == NULL)
    goto nomem;
  code->elf = elf;
  code->relocatable = ehdr.e_type == ET_REL;
  code->machine = ehdr.e_machine;
  if (elf_getshdrnum (elf, &code->nsections) != 0)
    {
      __calltab_seterr (CALLTAB_E_LIBELF, "%s", elf_errmsg (-1));
      goto fail;
    }
  if ((code->sections = calloc (code->nsections + 1,
				sizeof *code->sections)) == NULL)
    goto nomem;

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

  /* The symbol tables' extended index sections, found once (an object
     has a relocation section per COMDAT group).  */
  struct ct_relindex *ix = __calltab_relindex (elf);
  if (ix == NULL)
    goto fail;
  for (size_t i = 1; i < code->nsections; i++)
    {
      unsigned type = code->sections[i].shdr.sh_type;
      if (((type == SHT_SYMTAB || type == SHT_DYNSYM)
	   && add_symbols (code, i) < 0)
	  || ((type == SHT_RELA || type == SHT_REL)
	      && add_relocs (code, ix, i) < 0))
	{
	  __calltab_relindex_free (ix);
	  goto fail;
	}
    }
  __calltab_relindex_free (ix);
  if (!code->relocatable && (code->map = __calltab_addrmap (elf)) == NULL)
    goto fail;
  if (code->nsymbols > 0)
    {
      qsort (code->symbols, code->nsymbols, sizeof *code->symbols,
	     cmp_symbol);
      code->by_name = malloc (code->nsymbols * sizeof *code->by_name);
      if (code->by_name == NULL)
	goto nomem;
      for (size_t i = 0; i < code->nsymbols; i++)
	code->by_name[i] = &code->symbols[i];
      qsort (code->by_name, code->nsymbols, sizeof *code->by_name,
	     cmp_symbol_name);
    }
  if (code->nrelocs > 0)
    qsort (code->relocs, code->nrelocs, sizeof *code->relocs, cmp_reloc);
  return code;

nomem:
  __calltab_seterr (CALLTAB_E_NOMEM, NULL);
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
  free (code->map);
  free (code->symbols);
  free (code->by_name);
  free (code->relocs);
  free (code);
}

unsigned int
__calltab_code_machine (const struct ct_code *code)
{
  return code->machine;
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

size_t
__calltab_code_nsections (const struct ct_code *code)
{
  return code->nsections;
}

const GElf_Shdr *
__calltab_code_shdr (const struct ct_code *code, size_t scnidx)
{
  return scnidx == 0 || scnidx >= code->nsections
	 ? NULL : &code->sections[scnidx].shdr;
}

const struct ct_code_reloc *
__calltab_code_relocs (const struct ct_code *code, size_t *n)
{
  *n = code->nrelocs;
  return code->relocs;
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
  if (code->relocatable || addr == 0)
    return false;
  const struct ct_range *r = __calltab_addrmap_find (code->map, addr - 1);
  if (r == NULL || !__calltab_code_is_exec (code, r->scn))
    return false;
  place->scnidx = r->scn;
  place->offset = addr - r->addr;
  return true;
}

/* The index of the first symbol at ADDR with section key KEY (the
   section in objects, 0 in linked files), or of the first after it, in
   the symbols sorted by section key and value.  */
static size_t
first_symbol_at (const struct ct_code *code, size_t key, uint64_t addr)
{
  struct code_key k = { key, addr };
  return __calltab_partition (code->symbols, code->nsymbols,
			      sizeof *code->symbols, symbol_before, &k);
}

const char *
__calltab_code_symbol_next (const struct ct_code *code, size_t scnidx,
			    uint64_t addr, size_t *cookie)
{
  size_t key = code->relocatable ? scnidx : 0;
  size_t i = *cookie == 0 ? first_symbol_at (code, key, addr) : *cookie;
  /* Sorted by place and name: .symtab's and .dynsym's copies of one
     exported function are neighbours.  */
  for (; i < code->nsymbols; i++)
    {
      const struct code_symbol *s = &code->symbols[i];
      if (s->shndx != key || s->value != addr)
	break;
      if (*cookie != 0 && strcmp (code->symbols[i - 1].name, s->name) == 0)
	continue;
      *cookie = i + 1;
      return s->name;
    }
  *cookie = code->nsymbols + 1;
  return NULL;
}

size_t
__calltab_code_symbols_at (const struct ct_code *code, size_t scnidx,
			   uint64_t addr, const char **out, size_t max)
{
  size_t n = 0, cookie = 0;
  const char *name;
  while (n < max
	 && (name = __calltab_code_symbol_next (code, scnidx, addr, &cookie))
	    != NULL)
    out[n++] = name;
  return n;
}

bool
__calltab_code_symbol_named (const struct ct_code *code, const char *name,
			     size_t *cookie, size_t *scnidx, uint64_t *addr,
			     uint64_t *size)
{
  size_t i = *cookie;
  if (i == 0)
    i = __calltab_partition (code->by_name, code->nsymbols,
			     sizeof *code->by_name, symbol_name_before, name);
  else if (i > code->nsymbols)
    return false;
  if (i >= code->nsymbols || strcmp (code->by_name[i]->name, name) != 0)
    {
      *cookie = code->nsymbols + 1;
      return false;
    }
  *scnidx = code->by_name[i]->shndx;
  *addr = code->by_name[i]->value;
  *size = code->by_name[i]->size;
  *cookie = i + 1;
  return true;
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

const struct ct_code_reloc *
__calltab_code_reloc (const struct ct_code *code, size_t scn,
		      uint64_t offset)
{
  size_t key = code->relocatable ? scn : 0;
  struct code_key k = { key, offset };
  size_t lo = __calltab_partition (code->relocs, code->nrelocs,
				   sizeof *code->relocs, reloc_before, &k);
  if (lo < code->nrelocs && code->relocs[lo].scn == key
      && code->relocs[lo].offset == offset)
    return &code->relocs[lo];
  return NULL;
}

const unsigned char *
__calltab_code_bytes_at (const struct ct_code *code, uint64_t addr,
			 size_t len)
{
  const struct ct_range *r = __calltab_addrmap_find (code->map, addr);
  if (r == NULL)
    return NULL;
  const struct code_section *s = &code->sections[r->scn];
  if (s->bytes == NULL || addr - r->addr > s->size
      || s->size - (addr - r->addr) < len)
    return NULL;
  return s->bytes + (addr - r->addr);
}

/* The start (section offset) of the sized function symbol of section
   SCNIDX whose code holds the byte before END, or (uint64_t) -1.  */
uint64_t
__calltab_code_func_start (const struct ct_code *code, size_t scnidx,
			   uint64_t end)
{
  if (scnidx == 0 || scnidx >= code->nsections)
    return (uint64_t) -1;
  const struct code_section *sec = &code->sections[scnidx];
  uint64_t base = code->relocatable ? 0 : sec->shdr.sh_addr;
  size_t key = code->relocatable ? scnidx : 0;
  uint64_t addr = base + end - 1;
  /* The last symbol at or before ADDR, and a few before it (aliases,
     local labels).  */
  struct code_key at = { key, addr };
  size_t lo = __calltab_partition (code->symbols, code->nsymbols,
				   sizeof *code->symbols, symbol_at_or_before,
				   &at);
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
