# The instruction count per call of each kernel entry point, one loop for
# callgrind-kernels (mk/kernels.mk: valgrind on the host) and
# count-arm64-kernels (mk/arm.mk: a QEMU plugin), which differ only in the
# tool that counts. Included by both and by the top-level Makefile.

ifndef INSNCOUNT_INCLUDED
INSNCOUNT_INCLUDED := 1

# $(call INSNCOUNT_PER_CALL,BENCH,CALLS,LIST,COUNT,TOTAL): BENCH --list
# run under LIST names the entry points; each runs under COUNT 0 and CALLS
# times (BENCH --run), TOTAL a sed expression picking the whole-run
# instruction total out of COUNT's output. The difference over the calls
# is the count per call (and per permutation).
define INSNCOUNT_PER_CALL
$(3) $(1) --list | while read k j perms name; do \
	ic() { $(4) $(1) --run $$k $$j $$1 2>&1 | sed -n '$(5)'; }; \
	a=$$(ic 0); b=$$(ic $(2)); \
	awk -v a="$$a" -v b="$$b" -v n=$(2) -v p="$$perms" -v w="$$name" \
		'BEGIN { c = (b - a) / n; printf "%-40s %10.0f instr/call %10.0f instr/perm\n", w, c, c / p }'; \
done
endef

endif
