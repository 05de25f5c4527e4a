# SIMT divergence hardware: the entry point.
#
#   make sim   [BLOCK=b] [CONFIG=c|all] [SEED=n] [CYCLES=n] [RESET_EVERY=n] [SCENARIO=f] [RECORD=f]
#              [REPLAY=f] [COVER=0|1]
#              [PLUSARGS='+verilator+rand+reset+2 +verilator+seed+n']
#   make lint  [BLOCK=b]
#   make synth [BLOCK=b] [CONFIG=c] [FAST=1]
#   make test
#   make elaborate-max   Yosys reads the `max` configurations (not in make test: tens of minutes)
#   make bench [BLOCK=b] [CONFIG=c]
#   make soak  [BLOCK=b] [CONFIG=c|all] [SOAK_CYCLES=n] [SOAK_TIMEOUT=s]   10^8 random cycles per block
#   make fuzz  [FUZZ_SECONDS=n]   libFuzzer on the scenario and recording readers (docs/fuzzing.md)
#   make install [PREFIX=/usr/local]   the golden models as a C library
#   make run [KERNEL=k|path.c] [PRESET=p] [SIZE=small|default|large] [ARGS='simtsys options']
#              a C kernel on the system model, checked against the host (docs/system.md)
#   make sys-results                   docs/system_results.md: sweeps, SIMD efficiency, speed
#   make measured [BLOCK=b]            the pages' tables of what testbenches measure (merge
#                                      micro-ops of pirat, simtx_rename: scripts/measured.py)
#   make cores                         regenerate the FuseSoC cores (docs/fusesoc.md)
#   make scenario-doc                  regenerate docs/scenarios.md's verbs and keys per block
#   make clean
#
# Blocks and their named configurations live in configs/<block>.cfg.

PY     ?= python3
CFG    := $(PY) scripts/cfg.py
BUILD  ?= build
SEED   ?= 1

# The declarations, read once per make invocation: scripts/cfg.py make
# writes them as variables (CFG_BLOCKS, CFG_CONFIGS_<b>, CFG_GROUP_<b>,
# CFG_TOP_<b>, CFG_RTLARGS_<b>, CFG_VPARAMS_<b>/<c>) to $(BUILD)/cfg.mk.
CFG_MK := $(shell $(CFG) make $(BUILD)/cfg.mk)
ifeq ($(CFG_MK),)
  $(error scripts/cfg.py cannot read the block declarations (see above))
endif
include $(CFG_MK)
BLOCKS := $(CFG_BLOCKS)
# BLOCK= or CONFIG= given empty is a mistake, not "all of them"
$(foreach v,BLOCK CONFIG SCENARIO RECORD REPLAY SEED CYCLES RESET_EVERY SOAK_CYCLES SOAK_TIMEOUT FUZZ_SECONDS,  $(if $(filter-out undefined,$(origin $(v))),$(if $(strip $($(v))),,    $(error $(v)= is empty; leave it out or give a value))))
ifdef BLOCK
  ifeq ($(filter $(BLOCK),$(BLOCKS)),)
    $(error unknown BLOCK '$(BLOCK)'; known blocks: $(BLOCKS))
  endif
  SEL_BLOCKS := $(BLOCK)
else
  SEL_BLOCKS := $(BLOCKS)
endif
configs_of = $(CFG_CONFIGS_$(1))
# No CONFIG: the default configuration of each block (the quick start);
# CONFIG=all: every configuration.
ifeq ($(CONFIG),all)
  sel_configs = $(call configs_of,$(1))
else ifdef CONFIG
  $(foreach b,$(SEL_BLOCKS),$(if $(filter $(CONFIG),$(call configs_of,$(b))),,\
    $(error block '$(b)' has no configuration '$(CONFIG)'; it has: $(call configs_of,$(b)))))
  sel_configs = $(CONFIG)
else
  sel_configs = default
endif
# A scenario drives one block -- its `# block:` line, else BLOCK=, else the
# block its file name starts with (<block>_*.scn) -- on the configuration its
# `# config:` line names (a BLOCK= or CONFIG= that disagrees is a usage error).
ifdef SCENARIO
  SCN_OPTS := $(if $(BLOCK),--block=$(BLOCK))
  SCN_BLOCK := $(shell $(CFG) scenario '$(SCENARIO)' block $(SCN_OPTS))
  ifeq ($(SCN_BLOCK),)
    $(error SCENARIO=$(SCENARIO) cannot be run (see above))
  endif
  SEL_BLOCKS := $(SCN_BLOCK)
  SCN_CONFIGS := $(shell $(CFG) scenario '$(SCENARIO)' configs $(CONFIG) $(SCN_OPTS))
  ifeq ($(SCN_CONFIGS),)
    $(error SCENARIO=$(SCENARIO) cannot be run on CONFIG=$(CONFIG) (see above))
  endif
  sel_configs = $(SCN_CONFIGS)
endif
SEL := $(foreach b,$(SEL_BLOCKS),$(foreach c,$(call sel_configs,$(b)),$(b)/$(c)))
# lint and bench: every configuration unless CONFIG= names one
ALL_SEL := $(foreach b,$(SEL_BLOCKS),$(foreach c,$(if $(filter-out all,$(CONFIG)),$(CONFIG),\
             $(call configs_of,$(b))),$(b)/$(c)))

# CYCLES=n: the run's length. Without it a random run is its configuration's
# default length (scripts/cfg.py cycles: make test's seed-1 run's), and a
# replay or a scenario runs to its end.
SIM_ARGS := --seed $(SEED)
ifdef CYCLES
  SIM_ARGS += --cycles $(CYCLES)
endif
default_cycles = $(if $(CYCLES)$(REPLAY)$(SCENARIO),,--cycles $(CFG_CYCLES_$(1)))
# RESET_EVERY=n: random stimulus resets the block between two cycles, once in
# n cycles on average (the same seed gives the same resets)
ifdef RESET_EVERY
  SIM_ARGS += --reset-every $(RESET_EVERY)
endif
ifdef SCENARIO
  SIM_ARGS += --scenario $(SCENARIO)
endif
ifdef RECORD
  ifneq ($(words $(SEL)),1)
    $(error RECORD= writes one recording: select one block and configuration (BLOCK=, CONFIG=); this selects $(words $(SEL)))
  endif
  SIM_ARGS += --record $(RECORD)
endif
ifdef REPLAY
  SIM_ARGS += --replay $(REPLAY)
endif
# Verilator's runtime arguments, e.g. random initial values:
#   PLUSARGS='+verilator+rand+reset+2 +verilator+seed+7'
ifdef PLUSARGS
  SIM_ARGS += $(PLUSARGS)
endif
# The default-length random run must hit every cover point (COVER=1 asks it
# of a run of another length, COVER=0 waives it).
ifeq ($(SCENARIO)$(REPLAY)$(CYCLES),)
  COVER ?= 1
endif
ifeq ($(COVER),1)
  SIM_ARGS += --require-cover
endif

.PHONY: help deps sim lint synth test elaborate-max bench soak fuzz install cores scenario-doc clean run sys-results measured
help:
	@sed -n '3,/^$$/p' Makefile | sed 's/^# *//'

deps:
	@bash scripts/setup.sh sim

# One co-simulation binary per block configuration. Its sources: the block's
# group under rtl/ csim/ verif/, the shared code, the generators.
block_of = $(word 1,$(subst /, ,$(1)))
group_of = $(CFG_GROUP_$(1))
deps_of  = $(wildcard $(foreach g,$(CFG_FOLDERS_$(1)),rtl/$(g)/*.sv* csim/$(g)/*.[ch]) \
             verif/common/*.[ch] verif/$(call group_of,$(1))/*.[ch]) \
           configs/*.cfg scripts/cfg.py scripts/gen_shim.py scripts/gen_kit.py scripts/build_cosim.sh

.SECONDEXPANSION:
$(BUILD)/%/cosim: $$(call deps_of,$$(call block_of,$$*)) | deps
	@bash scripts/build_cosim.sh $(call block_of,$*) $(notdir $*) $(BUILD)/$*

# The binaries two at a time (two cores; each Verilator build compiles with
# -j 2 as well), then the runs two at a time, each run's lines printed
# together when it ends (run/<block>/<config>: one target per run, so that
# `make -n sim` lists the runs).
sim:
	@$(MAKE) --no-print-directory -j2 $(foreach s,$(SEL),$(BUILD)/$(s)/cosim)
	@$(MAKE) --no-print-directory -j2 --output-sync=target $(addprefix run/,$(SEL))

.PHONY: $(addprefix run/,$(SEL))
$(addprefix run/,$(SEL)): run/%:
	@$(BUILD)/$*/cosim $(SIM_ARGS) $(call default_cycles,$*) --wave-dir $(BUILD)/$*

# Verilator -Wall (two configurations at a time, lint/<block>/<config>),
# then slang (scripts/slang_lint.py, pyslang) at its default warnings: two
# front ends, every configuration, zero warnings.
lint: | deps
	@bash scripts/setup.sh lint
	@$(MAKE) --no-print-directory -j2 --output-sync=target $(addprefix lint/,$(ALL_SEL))
	@$(PY) scripts/slang_lint.py $(ALL_SEL)

.PHONY: $(addprefix lint/,$(ALL_SEL))
$(addprefix lint/,$(ALL_SEL)): lint/%:
	@verilator --lint-only -Wall --top-module $(CFG_TOP_$(call block_of,$*)) \
	  $(CFG_VPARAMS_$*) $(CFG_RTLARGS_$(call block_of,$*))
	@echo "lint $*: 0 warnings"

# Run (synth/run.py: Yosys, OpenSTA with synth/constraints.sdc), parse
# (synth/parse.py: logs -> record) and render (scripts/synth_render.py:
# synth/results/, docs/area_timing.md). FAST=1: ABC without its `&dch -f`
# step (synth/abc_fast.abc.in), minutes instead of an hour on the largest
# configurations; results marked (fast).
synth:
	@bash scripts/setup.sh synth
	@set -e; for b in $(SEL_BLOCKS); do \
	  $(PY) synth/run.py --block $$b $(if $(filter-out all,$(CONFIG)),--config $(CONFIG)) \
	    $(if $(filter 1,$(FAST)),--fast) --jobs 2; \
	done

bench: $(foreach s,$(ALL_SEL),$(BUILD)/$(s)/cosim)
	@$(PY) scripts/bench.py $(ALL_SEL)

# Soak (scripts/soak.py): SOAK_CYCLES random cycles per block (default
# 10^8) over many seeds (two runs at least), half of the runs with resets in
# mid-run, on both cores, a run stopped (failed) after SOAK_TIMEOUT seconds;
# the default configuration of each block unless CONFIG= says.
SOAK_CYCLES ?= 100000000
SOAK_TIMEOUT ?= 3600
soak: $(foreach s,$(SEL),$(BUILD)/$(s)/cosim)
	@$(PY) scripts/soak.py --cycles $(SOAK_CYCLES) --timeout $(SOAK_TIMEOUT) --build $(BUILD) $(SEL)

# Fuzz (scripts/fuzz.sh): FUZZ_SECONDS per target (default 600), the
# regression inputs of tests/fuzz/ first; docs/fuzzing.md.
FUZZ_SECONDS ?= 600
fuzz:
	@bash scripts/setup.sh test
	@BUILD=$(BUILD) bash scripts/fuzz.sh $(FUZZ_SECONDS)

# The system model: simtsys (csim/sys/, with the models of the mechanisms'
# blocks: SYS_MECH_DIRS), and a kernel run on it (scripts/simt_run.py
# compiles the kernel for RISC-V and the host, runs both and compares).
# Its sources, include folders and libraries are said here only: `make
# sys-sources` prints them for scripts/build_sys_rtl.sh and tests/run_tests.py.
SYS_MECH_DIRS := csim/pdom csim/tbc csim/dom csim/dws
SYS_INCDIRS := csim/sys csim/common $(SYS_MECH_DIRS) kernels/rt
SYS_SRCS := $(wildcard csim/sys/*.c $(addsuffix /*.c,$(SYS_MECH_DIRS)))
SYS_LIBS := -lelf -lm
$(BUILD)/sys/simtsys: $(SYS_SRCS) csim/sys/cli/simtsys.c $(wildcard $(addsuffix /*.h,csim/sys csim/common $(SYS_MECH_DIRS))) kernels/rt/simt.h
	@bash scripts/setup.sh sys
	@mkdir -p $(dir $@)
	gcc -std=c11 -O2 -g -Wall -Wextra -Werror $(addprefix -I,$(SYS_INCDIRS)) $(SYS_SRCS) csim/sys/cli/simtsys.c $(SYS_LIBS) -o $@

.PHONY: sys-sources
sys-sources:
	@echo '$(SYS_INCDIRS)'; echo '$(SYS_SRCS)'; echo '$(SYS_LIBS)'

# docs/system_results.md: sweeps with GNU parallel, the simulator's speed
sys-results:
	@bash scripts/setup.sh sys
	@$(PY) scripts/sys_results.py

# The tables of figures testbenches measure beyond their checks, on the
# pages that quote them (make test checks seed 1 against them)
measured:
	@$(PY) scripts/measured.py $(BLOCK)

KERNEL ?= bfs
PRESET ?= small
SIZE   ?= small
run:
	@bash scripts/setup.sh sys
	@$(PY) scripts/simt_run.py $(KERNEL) --size $(SIZE) --preset $(PRESET) $(ARGS)

test: | deps
	@bash scripts/setup.sh test
	@$(PY) tests/run_tests.py

# The synthesis front end on the `max` configurations, which make test
# leaves out (a few of them take minutes each).
elaborate-max:
	@bash scripts/setup.sh synth
	@$(PY) tests/run_tests.py synth_front_end_max

# The golden models as a library for other simulators: libsimt_models.a
# and .so (every block's model in csim/; the system model, csim/sys/, is a
# program of its own), their headers under include/simt/, and
# simt-models.pc for pkg-config (docs/examples/ uses it).
PREFIX ?= /usr/local
VERSION := $(file <VERSION)
MODEL_SRCS := $(sort $(filter-out csim/sys/%,$(wildcard csim/*/*.c)))
MODEL_HDRS := $(sort $(filter-out csim/sys/%,$(wildcard csim/*/*.h)))
MODEL_OBJS := $(patsubst csim/%.c,$(BUILD)/lib/%.o,$(MODEL_SRCS))
MODEL_CFLAGS := -std=c11 -O2 -Wall -Wextra -Werror -fPIC $(addprefix -I,$(sort $(dir $(MODEL_HDRS))))

$(BUILD)/lib/%.o: csim/%.c $(MODEL_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(MODEL_CFLAGS) -c $< -o $@

$(BUILD)/lib/libsimt_models.a: $(MODEL_OBJS)
	rm -f $@ && ar rcs $@ $^

$(BUILD)/lib/libsimt_models.so: $(MODEL_OBJS)
	$(CC) -shared -o $@ $^

install: $(BUILD)/lib/libsimt_models.a $(BUILD)/lib/libsimt_models.so
	install -d $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/include/simt
	install -m 644 $(BUILD)/lib/libsimt_models.a $(DESTDIR)$(PREFIX)/lib/
	install -m 755 $(BUILD)/lib/libsimt_models.so $(DESTDIR)$(PREFIX)/lib/
	install -m 644 $(MODEL_HDRS) $(DESTDIR)$(PREFIX)/include/simt/
	printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$${prefix}/lib' 'includedir=$${prefix}/include' '' \
	  'Name: simt-models' \
	  'Description: golden cycle models of the SIMT divergence-handling blocks' \
	  'Version: $(VERSION)' 'Cflags: -I$${includedir}/simt' 'Libs: -L$${libdir} -lsimt_models' \
	  > $(DESTDIR)$(PREFIX)/lib/pkgconfig/simt-models.pc
	@echo "installed the golden models in $(DESTDIR)$(PREFIX)"

# docs/scenarios.md's list of every block's verbs and keys, from the readers
# themselves (scripts/gen_scenario_doc.py; make test checks it is current).
scenario-doc: | deps
	@BUILD=$(BUILD) $(PY) scripts/gen_scenario_doc.py

# The FuseSoC cores (rtl/<folder>/*.core) from the declarations; committed,
# make test checks they are current (scripts/gen_core.py --check).
cores:
	@$(PY) scripts/gen_core.py

clean:
	rm -rf $(BUILD)
