/* main() of every block's co-simulation binary: the kit generated for the
 * block configuration being built (cosim_kit.h: ports, cover groups,
 * operation count, DUT) and the block's testbench (its <block>_tb.c). */
#define COSIM_KIT_TABLES
#include "cosim_kit.h"

int main(int argc, char **argv)
{
    return cosim_main(&cosim_kit, &cosim_testbench, CFG_NAME, argc, argv);
}
