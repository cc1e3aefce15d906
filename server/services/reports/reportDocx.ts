import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  LineRuleType,
  Packer,
  PageNumber,
  Paragraph,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  TextRun,
  VerticalAlignTable,
  WidthType,
} from 'docx';
import type { Report } from '../../../common/contracts/reports';
import { type ReportBlock, type ReportColumn, reportDocument } from '../../../common/reportDocument';

// The report as the Word document county offices forward: A4, the margins and type of a government
// notice (title in 宋体 bold, body in 仿宋 三号, headings in 黑体, fixed 28 pt lines, page numbers
// "— 1 —"). Word on the reader's machine supplies the fonts by these family names.

export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const MM = 56.7; // twips per millimetre
const A4 = { width: 11906, height: 16838 };
const MARGIN = { top: Math.round(37 * MM), bottom: Math.round(35 * MM), left: Math.round(28 * MM), right: Math.round(26 * MM) };
const TEXT_WIDTH = A4.width - MARGIN.left - MARGIN.right;

const font = (name: string) => ({ ascii: name, eastAsia: name, hAnsi: name, cs: name });
const SONG = font('宋体');
const FANGSONG = font('仿宋');
const HEITI = font('黑体');
const KAITI = font('楷体');
/** Half-points: 二号 22 pt, 三号 16 pt, 小四 12 pt, 五号 10.5 pt. */
const SIZE = { title: 44, body: 32, table: 21, note: 24 };
const BODY_LINE = { line: 560, lineRule: LineRuleType.EXACT };
const INDENT = { firstLine: 640 }; // two characters of 三号

const ALIGN: Record<ReportColumn['align'], (typeof AlignmentType)[keyof typeof AlignmentType]> = {
  left: AlignmentType.LEFT,
  center: AlignmentType.CENTER,
  right: AlignmentType.RIGHT,
};

const thin = { style: BorderStyle.SINGLE, size: 4, color: '000000' };

function cell(text: string, width: number, align: ReportColumn['align'], bold = false) {
  return new TableCell({
    width: { size: width, type: WidthType.DXA },
    verticalAlign: VerticalAlignTable.CENTER,
    margins: { top: 40, bottom: 40, left: 80, right: 80 },
    children: [
      new Paragraph({
        alignment: ALIGN[align],
        spacing: { line: 300, lineRule: LineRuleType.AUTO },
        children: [new TextRun({ text, font: bold ? HEITI : SONG, size: SIZE.table })],
      }),
    ],
  });
}

function table(block: Extract<ReportBlock, { kind: 'table' }>): Table {
  const widths = block.columns.map((c) => Math.round((TEXT_WIDTH * c.width) / 100));
  const row = (values: string[], bold: boolean, header = false) =>
    new TableRow({
      tableHeader: header,
      cantSplit: true,
      children: values.map((value, i) => cell(value, widths[i], header ? 'center' : block.columns[i].align, bold)),
    });
  return new Table({
    width: { size: TEXT_WIDTH, type: WidthType.DXA },
    columnWidths: widths,
    layout: TableLayoutType.FIXED,
    alignment: AlignmentType.CENTER,
    borders: { top: thin, bottom: thin, left: thin, right: thin, insideHorizontal: thin, insideVertical: thin },
    rows: [
      row(
        block.columns.map((c) => c.title),
        true,
        true,
      ),
      ...block.rows.map((values) => row(values, false)),
      ...(block.total ? [row(block.total, true)] : []),
    ],
  });
}

function paragraph(block: ReportBlock, index: number, blocks: ReportBlock[]): Array<Paragraph | Table> {
  // The sentence that introduces a table stays on the table's page.
  const keepNext = blocks[index + 1]?.kind === 'table';
  switch (block.kind) {
    case 'heading':
      return [
        new Paragraph({
          indent: INDENT,
          spacing: BODY_LINE,
          keepNext: true,
          children: [new TextRun({ text: block.text, font: HEITI, size: SIZE.body })],
        }),
      ];
    case 'subheading':
      return [
        new Paragraph({
          indent: INDENT,
          spacing: BODY_LINE,
          keepNext: true,
          children: [new TextRun({ text: block.text, font: KAITI, size: SIZE.body })],
        }),
      ];
    case 'paragraph':
      return [
        new Paragraph({
          indent: INDENT,
          spacing: BODY_LINE,
          keepNext,
          alignment: AlignmentType.JUSTIFIED,
          children: [new TextRun({ text: block.text, font: FANGSONG, size: SIZE.body })],
        }),
      ];
    case 'note':
      return [
        new Paragraph({
          indent: INDENT,
          keepNext,
          spacing: { before: 60, after: 60, line: 360, lineRule: LineRuleType.AUTO },
          children: [new TextRun({ text: block.text, font: FANGSONG, size: SIZE.note })],
        }),
      ];
    case 'table':
      // A little air under the table before the body text resumes.
      return [table(block), new Paragraph({ spacing: { line: 200, lineRule: LineRuleType.EXACT }, children: [] })];
  }
}

/** The report as a .docx file. */
export async function reportDocx(report: Report): Promise<Buffer> {
  const doc = reportDocument(report);
  const centred = (text: string, run: ConstructorParameters<typeof TextRun>[0] & object, spacing = {}) =>
    new Paragraph({ alignment: AlignmentType.CENTER, spacing, children: [new TextRun({ ...(run as object), text })] });
  const document = new Document({
    creator: doc.issuer,
    title: `${doc.title}${doc.subtitle}`,
    description: '由乡村两级治理中心联动平台根据平台数据生成',
    styles: { default: { document: { run: { font: FANGSONG, size: SIZE.body } } } },
    sections: [
      {
        properties: { page: { size: A4, margin: { ...MARGIN, header: 851, footer: 992 } } },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [new TextRun({ children: ['— ', PageNumber.CURRENT, ' —'], font: SONG, size: 28 })],
              }),
            ],
          }),
        },
        children: [
          centred(doc.title, { font: SONG, size: SIZE.title, bold: true }, { line: 700, lineRule: LineRuleType.EXACT }),
          centred(doc.subtitle, { font: KAITI, size: SIZE.body }, { line: 560, lineRule: LineRuleType.EXACT }),
          // The issuing unit and date over a red rule, as on a government notice.
          new Paragraph({
            alignment: AlignmentType.CENTER,
            spacing: { before: 240, after: 360 },
            border: { bottom: { style: BorderStyle.SINGLE, size: 12, color: 'C00000', space: 6 } },
            children: [new TextRun({ text: `${doc.issuer}${'\u3000'.repeat(6)}${doc.issuedOn}`, font: FANGSONG, size: SIZE.body })],
          }),
          ...doc.blocks.flatMap((block, i, all) => paragraph(block, i, all)),
          new Paragraph({ spacing: { before: 560 }, children: [] }),
          new Paragraph({
            alignment: AlignmentType.RIGHT,
            spacing: BODY_LINE,
            indent: { right: 640 },
            children: [new TextRun({ text: doc.issuer, font: FANGSONG, size: SIZE.body })],
          }),
          new Paragraph({
            alignment: AlignmentType.RIGHT,
            spacing: BODY_LINE,
            indent: { right: 960 },
            children: [new TextRun({ text: doc.issuedOn, font: FANGSONG, size: SIZE.body })],
          }),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

/** The download's name: the report's title (示范镇综合治理中心工作通报（2026年第47周）.docx), and an ASCII one for old clients. */
export function reportFileNames(report: Report): { name: string; ascii: string } {
  const { period } = report;
  const code = period.kind === 'week' ? `${period.year}-W${String(period.number).padStart(2, '0')}` : period.from.slice(0, 7);
  // The centre's name comes from the settings: nothing in it may read as a path.
  const name = `${report.title.replace(/[\\/:*?"<>|\x00-\x1f]/g, '_')}.docx`;
  return { name, ascii: `report-${code}${report.area === null ? '' : `-area${report.area}`}.docx` };
}
