// A gate-level netlist in the form Yosys writes, for the synth_breakdown
// test (tests/run_tests.py): NAND feeds a_q (through INV), b_q and o2
// (through XOR); XOR feeds b_q and o2; BUF feeds only the output o.
module t(clk, x, y, z, o, o2);
  input clk;
  input x;
  input y;
  input z;
  output o;
  output o2;
  wire n1;
  wire n2;
  wire n3;
  wire \a_q[0] ;
  wire \a_q[1] ;
  wire b_q;
  NAND2X1 _1_ (
    .A(x),
    .B(y),
    .Y(n1)
  );
  INVX1 _2_ (
    .A(n1),
    .Y(n2)
  );
  XOR2X1 _3_ (
    .A(n1),
    .B(z),
    .Y(n3)
  );
  DFFPOSX1 _4_ (
    .CLK(clk),
    .D(n2),
    .Q(\a_q[0] )
  );
  DFFPOSX1 _5_ (
    .CLK(clk),
    .D(n2),
    .Q(\a_q[1] )
  );
  DFFSR _6_ (
    .CLK(clk),
    .D(n3),
    .Q(b_q),
    .R(1'b1),
    .S(1'b1)
  );
  BUFX2 _7_ (
    .A(\a_q[0] ),
    .Y(o)
  );
  assign o2 = n3;
endmodule
