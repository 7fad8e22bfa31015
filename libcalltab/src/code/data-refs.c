/* data-refs.c: the places in code that data refers to (data-refs.h).  */

#include <stdlib.h>
#include "common/common.h"
#include "elf/elf-index.h"
#include "backends/target.h"
#include "data-refs.h"

/* A relocation in code against a symbol that is not in code, PC-relative:
   where it refers to needs its instruction's end.  */
struct code_pc
{
  size_t scn;			/* the code's section */
  uint64_t offset;		/* the relocated field, in the section */
  size_t key;			/* the data place it refers to, less the */
  uint64_t value;		/* distance from the field to the end */
};

/* A data place that code refers to.  */
struct data_key
{
  size_t key;
  uint64_t at;
};

/* An entry: a relocation in data against a symbol in code.  */
struct entry
{
  size_t key;			/* as struct data_key */
  uint64_t at;
  uint64_t value;		/* S + A */
  size_t sym_scn;		/* objects: the code's section */
  size_t width;
  bool pc;			/* S + A - P */
};

struct collect
{
  const struct ct_code *code;
  const struct ct_target *target;
  bool relocatable;
  bool exec;			/* the relocations apply to code */
  struct code_pc *pcs;
  size_t npcs, pcs_alloc;
  struct data_key *refs;
  size_t nrefs, refs_alloc;
  struct entry *entries;
  size_t nentries, entries_alloc;
};

static int
add_ref (struct collect *c, size_t key, uint64_t at)
{
  if (__calltab_reserve (&c->refs, &c->refs_alloc, c->nrefs + 1,
			 sizeof *c->refs) < 0)
    return -1;
  c->refs[c->nrefs++] = (struct data_key) { key, at };
  return 0;
}

static int
one_reloc (const struct ct_rel *rel, void *arg)
{
  struct collect *c = arg;
  /* x86-64 has RELA relocations; a REL addend would be in the bytes.  */
  if (rel->implicit || rel->symndx == 0 || rel->shndx == SHN_UNDEF
      || rel->shndx >= SHN_LORESERVE)
    return 0;
  bool is_signed;
  size_t abs = c->target->reloc_width != NULL
	       ? c->target->reloc_width (rel->type, &is_signed) : 0;
  size_t pc = abs == 0 && c->target->pc_reloc_width != NULL
	      ? c->target->pc_reloc_width (rel->type) : 0;
  if (abs == 0 && pc == 0)
    return 0;
  bool sym_exec = __calltab_code_is_exec (c->code, rel->shndx);
  uint64_t value = rel->sym.st_value + (uint64_t) rel->addend;
  size_t key = c->relocatable ? rel->shndx : 0;
  if (c->exec && !sym_exec)
    {
      if (abs != 0)
	return add_ref (c, key, value);
      if (__calltab_reserve (&c->pcs, &c->pcs_alloc, c->npcs + 1,
			     sizeof *c->pcs) < 0)
	return -1;
      uint64_t off = rel->offset;
      if (!c->relocatable)
	off -= __calltab_code_scn_addr (c->code, rel->applies_to);
      c->pcs[c->npcs++] = (struct code_pc) { rel->applies_to, off, key,
					     value };
      return 0;
    }
  if (!c->exec && sym_exec)
    {
      if (__calltab_reserve (&c->entries, &c->entries_alloc,
			     c->nentries + 1, sizeof *c->entries) < 0)
	return -1;
      c->entries[c->nentries++] = (struct entry) {
	c->relocatable ? rel->applies_to : 0, rel->offset, value,
	rel->shndx, abs != 0 ? abs : pc, pc != 0 };
    }
  return 0;
}

static int
cmp_pc (const void *a, const void *b)
{
  const struct code_pc *x = a, *y = b;
  if (x->scn != y->scn)
    return x->scn < y->scn ? -1 : 1;
  return x->offset < y->offset ? -1 : x->offset > y->offset;
}

static int
cmp_data_key (size_t xk, uint64_t xa, size_t yk, uint64_t ya)
{
  if (xk != yk)
    return xk < yk ? -1 : 1;
  return xa < ya ? -1 : xa > ya;
}

static int
cmp_ref (const void *a, const void *b)
{
  const struct data_key *x = a, *y = b;
  return cmp_data_key (x->key, x->at, y->key, y->at);
}

static int
cmp_entry (const void *a, const void *b)
{
  const struct entry *x = a, *y = b;
  return cmp_data_key (x->key, x->at, y->key, y->at);
}

static int
cmp_place_v (const void *a, const void *b)
{
  return ct_place_cmp (a, b);
}

static bool
ref_below (const void *elt, const void *key)
{
  const struct data_key *x = elt, *k = key;
  return cmp_data_key (x->key, x->at, k->key, k->at) < 0;
}

/* The PC-relative references of code: decode each one's function up to
   the instruction holding the field (once per function, in order).  */
static int
resolve_pcs (struct collect *c)
{
  if (c->npcs == 0 || c->target->decode == NULL)
    return 0;
  qsort (c->pcs, c->npcs, sizeof *c->pcs, cmp_pc);
  size_t scn = 0;
  uint64_t func = (uint64_t) -1, at = 0;
  for (size_t i = 0; i < c->npcs; i++)
    {
      const struct code_pc *p = &c->pcs[i];
      size_t size;
      const unsigned char *bytes = __calltab_code_bytes (c->code, p->scn,
							 &size);
      uint64_t start = __calltab_code_func_start (c->code, p->scn,
						  p->offset + 1);
      if (bytes == NULL || start == (uint64_t) -1 || start >= size)
	continue;
      if (p->scn != scn || start != func || at > p->offset)
	{
	  scn = p->scn;
	  func = start;
	  at = start;
	}
      /* Decode up to the function's end at most.  */
      uint64_t fsize = __calltab_code_func_size (c->code, p->scn,
						 c->relocatable ? start
						 : start + __calltab_code_scn_addr
						   (c->code, p->scn));
      uint64_t end = fsize != 0 && fsize < size - start ? start + fsize
		     : size;
      struct ct_insn insn;
      bool found = false;
      while (at < end && !found)
	{
	  if (!c->target->decode (bytes, (size_t) end, (size_t) at, &insn))
	    {
	      at = end;
	      break;
	    }
	  if (at <= p->offset && p->offset < at + insn.length)
	    found = true;
	  else
	    at += insn.length;
	}
      if (!found)
	continue;
      if (add_ref (c, p->key, p->value + (at + insn.length - p->offset)) < 0)
	return -1;
    }
  return 0;
}

/* The code place of TARGET (objects: offset TARGET of section SCN;
   linked: an address), or false if it is not in code.  */
static bool
code_place (const struct collect *c, size_t scn, uint64_t target,
	    struct ct_place *out)
{
  if (c->relocatable)
    {
      size_t size;
      if (__calltab_code_bytes (c->code, scn, &size) == NULL
	  || target >= size)
	return false;
      *out = (struct ct_place) { scn, target };
      return true;
    }
  if (!__calltab_code_locate (c->code, target + 1, out))
    return false;
  out->offset--;
  return true;
}

static int
add_place (struct ct_place **a, size_t *n, size_t *alloc,
	   const struct ct_place *p)
{
  if (__calltab_reserve (a, alloc, *n + 1, sizeof **a) < 0)
    return -1;
  (*a)[(*n)++] = *p;
  return 0;
}

/* Group the entries into tables, from the places code refers to.  */
static int
make_tables (struct collect *c, struct ct_data_refs *out)
{
  if (c->nentries == 0)
    return 0;
  qsort (c->entries, c->nentries, sizeof *c->entries, cmp_entry);
  if (c->nrefs > 0)
    qsort (c->refs, c->nrefs, sizeof *c->refs, cmp_ref);
  /* Per entry, its table's index, or (size_t) -1.  */
  size_t *tab = malloc (c->nentries * sizeof *tab);
  if (tab == NULL)
    return -1;
  size_t cur = (size_t) -1;
  uint64_t next = 0;
  for (size_t i = 0; i < c->nentries; i++)
    {
      const struct entry *e = &c->entries[i];
      struct data_key k = { e->key, e->at };
      size_t r = __calltab_partition (c->refs, c->nrefs, sizeof *c->refs,
				      ref_below, &k);
      if (r < c->nrefs && c->refs[r].key == e->key && c->refs[r].at == e->at)
	{
	  if (__calltab_reserve (&out->tables, &out->tables_alloc,
				 out->ntables + 1, sizeof *out->tables) < 0)
	    {
	      free (tab);
	      return -1;
	    }
	  cur = out->ntables++;
	  out->tables[cur] = (struct ct_data_table) { e->key, e->at, i, 0 };
	}
      else if (cur != (size_t) -1)
	{
	  const struct entry *first = &c->entries[out->tables[cur].first];
	  if (e->key != first->key || e->at != next
	      || e->width != first->width || e->pc != first->pc)
	    cur = (size_t) -1;
	}
      tab[i] = cur;
      if (cur != (size_t) -1)
	{
	  out->tables[cur].n++;
	  next = e->at + e->width;
	}
    }
  /* Each entry's target, absolute or from its table's base, found once:
     among the targets, and in its table's entries (a table's entries
     are consecutive, and the tables in entry order; a target that is
     not code is left out).  */
  size_t last = (size_t) -1;
  for (size_t i = 0; i < c->nentries; i++)
    {
      const struct entry *e = &c->entries[i];
      if (e->pc && tab[i] == (size_t) -1)
	continue;
      if (tab[i] != (size_t) -1 && tab[i] != last)
	{
	  last = tab[i];
	  out->tables[last].first = out->nentries;
	  out->tables[last].n = 0;
	}
      /* A PC-relative entry is from its table's base (and has one).  */
      uint64_t target = e->value;
      if (e->pc && tab[i] < out->ntables)
	target -= e->at - out->tables[tab[i]].base;
      struct ct_place p;
      if (!code_place (c, e->sym_scn, target, &p))
	continue;
      if (add_place (&out->targets, &out->ntargets, &out->targets_alloc,
		     &p) < 0
	  || (tab[i] != (size_t) -1
	      && add_place (&out->entries, &out->nentries,
			    &out->entries_alloc, &p) < 0))
	{
	  free (tab);
	  return -1;
	}
      if (tab[i] != (size_t) -1)
	out->tables[tab[i]].n++;
    }
  free (tab);
  if (out->ntargets > 0)
    {
      qsort (out->targets, out->ntargets, sizeof *out->targets, cmp_place_v);
      size_t n = 1;
      for (size_t i = 1; i < out->ntargets; i++)
	if (ct_place_cmp (&out->targets[i], &out->targets[n - 1]) != 0)
	  out->targets[n++] = out->targets[i];
      out->ntargets = n;
    }
  return 0;
}

int
__calltab_data_refs (Elf *elf, const struct ct_code *code,
		     struct ct_data_refs *out)
{
  *out = (struct ct_data_refs) { 0 };
  struct collect c = { .code = code,
		       .target = __calltab_code_target (code),
		       .relocatable = __calltab_code_relocatable (code) };
  if (c.target == NULL)
    return 0;
  struct ct_relindex *ix = __calltab_relindex (elf);
  int rc = -1;
  if (ix == NULL)
    goto out;
  for (Elf_Scn *s = NULL; (s = elf_nextscn (elf, s)) != NULL;)
    {
      GElf_Shdr sh;
      if (gelf_getshdr (s, &sh) == NULL || (sh.sh_flags & SHF_ALLOC) == 0
	  || sh.sh_type == SHT_NOBITS)
	continue;
      c.exec = (sh.sh_flags & SHF_EXECINSTR) != 0;
      if (__calltab_foreach_reloc_ix (elf, ix, elf_ndxscn (s), one_reloc,
				      &c) < 0)
	goto out;
    }
  if (resolve_pcs (&c) < 0 || make_tables (&c, out) < 0)
    goto out;
  rc = 0;
out:
  __calltab_relindex_free (ix);
  free (c.pcs);
  free (c.refs);
  free (c.entries);
  if (rc < 0)
    {
      __calltab_data_refs_free (out);
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
    }
  return rc;
}

static bool
table_below (const void *elt, const void *key)
{
  const struct ct_data_table *t = elt;
  const struct data_key *k = key;
  return cmp_data_key (t->key, t->base, k->key, k->at) < 0;
}

const struct ct_data_table *
__calltab_data_table_at (const struct ct_data_refs *r, size_t key,
			 uint64_t base)
{
  struct data_key k = { key, base };
  size_t i = __calltab_partition (r->tables, r->ntables, sizeof *r->tables,
				  table_below, &k);
  return i < r->ntables && r->tables[i].key == key && r->tables[i].base == base
	 ? &r->tables[i] : NULL;
}

static bool
place_below (const void *elt, const void *key)
{
  return ct_place_cmp (elt, key) < 0;
}

size_t
__calltab_data_target_from (const struct ct_data_refs *r, size_t scnidx,
			    uint64_t offset)
{
  struct ct_place k = { scnidx, offset };
  return __calltab_partition (r->targets, r->ntargets, sizeof *r->targets,
			      place_below, &k);
}

void
__calltab_data_refs_free (struct ct_data_refs *r)
{
  free (r->targets);
  free (r->tables);
  free (r->entries);
  *r = (struct ct_data_refs) { 0 };
}
