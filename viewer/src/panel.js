// Side-panel DOM helpers: sections, labelled checkboxes, sliders and buttons with data-testid
// attributes (the browser tests click them).

export function element(tag, attributes = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === 'text') node.textContent = value;
    else if (key === 'className') node.className = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

export function section(parent, title) {
  const body = element('div', { className: 'section-body' });
  parent.append(element('div', { className: 'section' }, [element('h2', { text: title }), body]));
  return body;
}

export function checkbox(parent, { label, testId, checked = true, onChange, note = '' }) {
  const input = element('input', { type: 'checkbox', 'data-testid': testId });
  input.checked = checked;
  input.addEventListener('change', () => onChange(input.checked));
  const row = element('label', { className: 'row' }, [input, element('span', { text: label })]);
  if (note) row.append(element('span', { className: 'note', text: note }));
  parent.append(row);
  return input;
}

export function slider(parent, { label, testId, min, max, step, value, onInput }) {
  const input = element('input', { type: 'range', min, max, step, 'data-testid': testId });
  input.value = value;
  const output = element('span', { className: 'note' });
  const update = () => { output.textContent = onInput(Number(input.value)) ?? ''; };
  input.addEventListener('input', update);
  parent.append(element('label', { className: 'row slider' }, [element('span', { text: label }), input, output]));
  return { input, update };
}

export function button(parent, { label, testId, onClick }) {
  const node = element('button', { type: 'button', 'data-testid': testId, text: label });
  node.addEventListener('click', onClick);
  parent.append(node);
  return node;
}
