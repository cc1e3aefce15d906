import type { ReportBlock, ReportDocument } from '@common/reportDocument';

function Block({ block, lead }: { block: ReportBlock; lead: boolean }) {
  // A sentence that introduces a table stays with it on the printed page.
  const leadClass = lead ? ' report-lead' : '';
  switch (block.kind) {
    case 'heading':
      return <h2 className="report-heading">{block.text}</h2>;
    case 'subheading':
      return <h3 className="report-subheading">{block.text}</h3>;
    case 'paragraph':
      return <p className={`report-paragraph${leadClass}`}>{block.text}</p>;
    case 'note':
      return <p className={`report-note${leadClass}`}>{block.text}</p>;
    case 'table':
      return (
        <table className="report-table">
          <caption className="report-caption">{block.label}</caption>
          <colgroup>
            {block.columns.map((c) => (
              <col key={c.title} style={{ width: `${c.width}%` }} />
            ))}
          </colgroup>
          <thead>
            <tr>
              {block.columns.map((c) => (
                <th key={c.title} scope="col">
                  {c.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {block.rows.map((row, r) => (
              <tr key={r}>
                {row.map((value, i) => (
                  <td key={block.columns[i].title} className={`report-cell-${block.columns[i].align}`}>
                    {value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          {block.total ? (
            <tfoot>
              <tr>
                {block.total.map((value, i) => (
                  <td key={block.columns[i].title} className={`report-cell-${block.columns[i].align}`}>
                    {value}
                  </td>
                ))}
              </tr>
            </tfoot>
          ) : null}
        </table>
      );
  }
}

/**
 * The report laid out like the Word document (common/reportDocument.ts makes the words of both):
 * the title, the issuing unit and date over a red rule, the numbered sections, the signature.
 */
export default function ReportPaper({ doc, label }: { doc: ReportDocument; label?: string }) {
  return (
    <article className="report-paper" aria-label={label}>
      <h1 className="report-title">{doc.title}</h1>
      <p className="report-subtitle">{doc.subtitle}</p>
      <p className="report-issuer">
        <span>{doc.issuer}</span>
        <span>{doc.issuedOn}</span>
      </p>
      {doc.blocks.map((block, i) => (
        <Block key={i} block={block} lead={doc.blocks[i + 1]?.kind === 'table'} />
      ))}
      <div className="report-signature">
        <p>{doc.issuer}</p>
        <p>{doc.issuedOn}</p>
      </div>
    </article>
  );
}
