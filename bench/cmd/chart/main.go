// Command chart draws docs/PERFORMANCE.md's throughput chart from the output
// of bench/'s Chart_* benchmarks (`go test -bench`, any number of runs in one
// file): one panel per hashed function, MB/s against message size on log
// scales, a line per implementation through the medians of its runs, and a
// caption naming the CPU, the backend, the date and how many runs were taken.
// bench/chart.sh runs the benchmarks and then this program.
//
//	go run ./cmd/chart -in ../build/bench/chart.txt -out ../docs/throughput.png
//
// The caption's facts come from the file's configuration lines: go test's
// cpu, goos and goarch, and date, backend, go, cpuinfo and note, which
// chart.sh writes before the results. The output format follows -out's
// extension (svg, png, pdf).
package main

import (
	"bytes"
	"flag"
	"fmt"
	"image/color"
	"log"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	_ "gonum.org/v1/plot/vg/vgimg" // png
	_ "gonum.org/v1/plot/vg/vgpdf" // pdf
	"gonum.org/v1/plot/vg/vgsvg"
)

// panels are the chart's functions, in drawing order (left to right, top
// to bottom), by their benchmark names.
var panels = []struct{ fn, title string }{
	{"SHA3_256", "SHA3-256"},
	{"SHAKE128", "SHAKE128, 32-byte output"},
	{"KT128", "KT128 (KangarooTwelve), 32-byte output"},
	{"Batch256", "SHA3-256 of 8 messages: Sum256Batch vs a loop"},
}

// style is how one implementation's line looks.
type style struct {
	name, label string // sub-benchmark name, legend text
	color       color.RGBA
	dashed      bool
}

// impls are the lines' looks, by sub-benchmark name, in legend order.
var impls = []style{
	{"keccak", "keccak (this module)", color.RGBA{0x1f, 0x4e, 0xb4, 0xff}, false},
	{"keccak1", "keccak, one goroutine", color.RGBA{0x5b, 0x9b, 0xe6, 0xff}, true},
	{"stdlib", "crypto/sha3", color.RGBA{0xe0, 0x7b, 0x00, 0xff}, false},
	{"xcrypto", "golang.org/x/crypto/sha3", color.RGBA{0x2a, 0x9d, 0x3a, 0xff}, true},
	{"circl", "circl", color.RGBA{0xc0, 0x39, 0x2b, 0xff}, false},
}

func main() {
	in := flag.String("in", "../build/bench/chart.txt", "`go test -bench` output")
	out := flag.String("out", "../docs/throughput.png", "image to write (.png, .svg with its font embedded, or .pdf)")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("chart: ")

	r, err := os.Open(*in)
	if err != nil {
		log.Fatal(err)
	}
	f, err := parse(r)
	r.Close()
	if err != nil {
		log.Fatalf("%s: %v", *in, err)
	}
	med, runs := medians(f.results, "MB/s")
	data := series(med, "Chart_")
	if len(data) == 0 {
		log.Fatalf("%s: no Chart_<function>/<size>/<impl> results with MB/s", *in)
	}
	caption := captionText(f, runs)
	if err := drawPanels(data, caption, *out); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s\n%s\n", *out, caption)
}

// captionText says what ran where and when.
func captionText(f *benchFile, runs map[string]int) string {
	c := f.config
	cpu := c["cpu"]
	if cpu == "" {
		cpu = "unknown CPU"
	}
	if c["cpuinfo"] != "" {
		cpu += " (" + c["cpuinfo"] + ")"
	}
	procs := 0
	for _, r := range f.results {
		if strings.HasPrefix(r.name, "Chart_") {
			procs = max(procs, r.procs)
		}
	}
	fewest := math.MaxInt
	for name, n := range runs {
		if strings.HasPrefix(name, "Chart_") {
			fewest = min(fewest, n)
		}
	}
	parts := []string{cpu, fmt.Sprintf("GOMAXPROCS=%d", procs)}
	if c["backend"] != "" {
		parts = append(parts, "backend "+c["backend"])
	}
	if c["go"] != "" {
		parts = append(parts, c["go"])
	}
	if c["goos"] != "" {
		parts = append(parts, c["goos"]+"/"+c["goarch"])
	}
	s := strings.Join(parts, ", ") + fmt.Sprintf("; medians of %d runs", fewest)
	if fewest == 1 {
		s = strings.Join(parts, ", ") + "; one run"
	}
	if c["date"] != "" {
		s += ", " + c["date"]
	}
	s += "."
	if c["note"] != "" {
		s += " " + c["note"]
	}
	return s
}

func drawPanels(data map[string]map[string][]point, caption, out string) error {
	plot.DefaultFont = font.Font{Typeface: "Liberation", Variant: "Sans"}
	const cols = 2
	var grid [][]*plot.Plot
	for _, pn := range panels {
		if data[pn.fn] == nil {
			log.Printf("no results for Chart_%s: panel left out", pn.fn)
			continue
		}
		p, err := panel(pn.title, data[pn.fn])
		if err != nil {
			return err
		}
		if len(grid) == 0 || len(grid[len(grid)-1]) == cols {
			grid = append(grid, nil)
		}
		grid[len(grid)-1] = append(grid[len(grid)-1], p)
	}
	if len(grid) == 0 {
		return fmt.Errorf("none of the results is of a known panel's function")
	}
	for len(grid[len(grid)-1]) < cols {
		grid[len(grid)-1] = append(grid[len(grid)-1], nil)
	}

	capStyle := text.Style{
		Color:   color.Gray{0x33},
		Font:    font.From(plot.DefaultFont, 9),
		XAlign:  draw.XLeft,
		YAlign:  draw.YTop,
		Handler: plot.DefaultTextHandler,
	}
	width := 10 * vg.Inch
	lines := wrap(caption, capStyle, width-vg.Inch/2)
	capHeight := vg.Length(len(lines)+1) * capStyle.Height("Mg")
	height := vg.Length(len(grid))*3.6*vg.Inch + capHeight

	ext := strings.TrimPrefix(filepath.Ext(out), ".")
	var c vg.CanvasWriterTo
	if ext == "svg" {
		// The fonts go into the SVG: text is measured with Liberation Sans,
		// and a viewer without it drew another font of other widths, which
		// clipped the caption.
		c = vgsvg.NewWith(vgsvg.UseWH(width, height), vgsvg.EmbedFonts(true))
	} else {
		var err error
		if c, err = draw.NewFormattedCanvas(width, height, ext); err != nil {
			return fmt.Errorf("%s: %v", out, err)
		}
	}
	dc := draw.New(c)
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())
	tiles := draw.Tiles{
		Rows: len(grid), Cols: cols,
		PadX: vg.Inch / 4, PadY: vg.Inch / 5,
		PadTop: vg.Inch / 8, PadLeft: vg.Inch / 8, PadRight: vg.Inch / 4,
		PadBottom: capHeight,
	}
	canvases := plot.Align(grid, tiles, dc)
	for i := range grid {
		for j, p := range grid[i] {
			if p != nil {
				p.Draw(canvases[i][j])
			}
		}
	}
	y := capHeight - capStyle.Height("Mg")/2
	for _, l := range lines {
		dc.FillText(capStyle, vg.Point{X: vg.Inch / 4, Y: y}, l)
		y -= capStyle.Height(l)
	}

	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return err
	}
	return os.WriteFile(out, buf.Bytes(), 0o666)
}

// panel is one function's plot: a line with points per implementation.
func panel(title string, byImpl map[string][]point) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "message size"
	p.Y.Label.Text = "MB/s"
	p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
	p.Add(plotter.NewGrid())
	p.Legend.Top, p.Legend.Left = true, true
	p.Legend.TextStyle.Font.Size = 9
	p.Legend.Padding = vg.Points(2)

	var sizes []int
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, im := range impls {
		pts := byImpl[im.name]
		if len(pts) == 0 {
			continue
		}
		xy := make(plotter.XYs, len(pts))
		for i, pt := range pts {
			xy[i] = plotter.XY{X: float64(pt.size), Y: pt.mbs}
			lo, hi = min(lo, pt.mbs), max(hi, pt.mbs)
			if !slices.Contains(sizes, pt.size) {
				sizes = append(sizes, pt.size)
			}
		}
		line, dots, err := plotter.NewLinePoints(xy)
		if err != nil {
			return nil, err
		}
		line.Color, dots.Color = im.color, im.color
		line.Width = vg.Points(1.6)
		if im.name == "keccak" {
			line.Width = vg.Points(2.4)
		}
		if im.dashed {
			line.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
		}
		dots.Shape = draw.CircleGlyph{}
		dots.Radius = vg.Points(2)
		p.Add(line, dots)
		p.Legend.Add(im.label, line, dots)
	}
	for name := range byImpl {
		if !slices.ContainsFunc(impls, func(im style) bool { return im.name == name }) {
			log.Printf("%s: implementation %q has no style: left out", title, name)
		}
	}
	slices.Sort(sizes)
	var xt plot.ConstantTicks
	for _, s := range sizes {
		xt = append(xt, plot.Tick{Value: float64(s), Label: sizeLabel(s)})
	}
	p.X.Tick.Marker = xt
	p.Y.Tick.Marker = ticks125{}
	// Room above the lines for the legend in the top-left corner.
	p.Y.Min, p.Y.Max = lo/1.3, hi*3
	return p, nil
}

// ticks125 labels 1, 2 and 5 times each power of ten on a log axis.
type ticks125 struct{}

func (ticks125) Ticks(lo, hi float64) []plot.Tick {
	var ts []plot.Tick
	for e := math.Floor(math.Log10(lo)); e <= math.Ceil(math.Log10(hi)); e++ {
		for _, m := range []float64{1, 2, 3, 4, 5, 6, 7, 8, 9} {
			v := m * math.Pow(10, e)
			if v < lo || v > hi {
				continue
			}
			t := plot.Tick{Value: v}
			if m == 1 || m == 2 || m == 5 {
				t.Label = fmt.Sprintf("%g", v)
			}
			ts = append(ts, t)
		}
	}
	return ts
}

// sizeLabel writes a byte count as the benchmarks' sizes read best.
func sizeLabel(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d B", n)
}

// wrap breaks s into lines no wider than w in style sty.
func wrap(s string, sty text.Style, w vg.Length) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		next := word
		if line != "" {
			next = line + " " + word
		}
		if line != "" && sty.Width(next) > w {
			lines = append(lines, line)
			next = word
		}
		line = next
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
