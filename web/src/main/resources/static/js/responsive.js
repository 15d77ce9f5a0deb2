// Narrow screens: each data table's cells carry their column's name, so that CSS can lay a row out as a card of
// "name value" lines below 640 px instead of a table wider than the phone (css/app.css, "Phones").

/** Labels the cells of every table.data under root now and whenever a page renders new rows. */
export function labelTables(root) {
  const label = () => root.querySelectorAll('table.data').forEach(labelCells);
  let queued = false;
  new MutationObserver(() => {
    if (!queued) {
      queued = true;
      requestAnimationFrame(() => {
        queued = false;
        label();
      });
    }
  }).observe(root, { childList: true, subtree: true });
  label();
}

function labelCells(table) {
  const head = table.tHead?.rows[0];
  if (!head) {
    return;
  }
  const names = [];
  for (const cell of head.cells) {
    for (let i = 0; i < cell.colSpan; i++) {
      names.push(cell.textContent.trim());
    }
  }
  for (const body of table.tBodies) {
    for (const row of body.rows) {
      let column = 0;
      for (const cell of row.cells) {
        const name = names[column];
        if (name && cell.dataset.label !== name) {
          cell.dataset.label = name;
        }
        column += cell.colSpan;
      }
    }
  }
}
