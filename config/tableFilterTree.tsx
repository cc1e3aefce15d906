// Stands in for antd's Tree where antd's Table imports it: only for a column filter shown as a tree
// (`filterMode: 'tree'`), which no table here uses (filters live in the search form above each list,
// ADR 0037). Without it every list page carried rc-tree. A table that one day asks for a tree filter
// gets this error, not a silent gap.
export default function TableFilterTree(): never {
  throw new Error('Column filters shown as a tree are not built in: see docs/decisions/0037-table-without-tree-filter.md');
}
