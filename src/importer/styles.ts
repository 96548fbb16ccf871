/**
 * The element's own style, inside its shadow root: nothing leaks to the page. A host restyles it
 * through the custom properties below (inherited through the shadow boundary) and the `part`s.
 */
export const IMPORTER_CSS = `
:host {
  display: block;
  font: var(--rpdi-font, 15px/1.4 system-ui, sans-serif);
  color: var(--rpdi-text, #1b1b1b);
  background: var(--rpdi-background, #fff);
}
:host([hidden]) { display: none; }
* { box-sizing: border-box; }
h2 { font-size: 1.3em; margin: 0 0 .5em; }
h3 { font-size: 1.1em; margin: .5em 0; }
h3:focus { outline: 2px solid var(--rpdi-focus, #0b57d0); outline-offset: 2px; }
ol.steps { display: flex; flex-wrap: wrap; gap: .25em; list-style: none; padding: 0; margin: 0 0 1em; }
ol.steps button { border: 1px solid var(--rpdi-border, #767676); background: var(--rpdi-background, #fff); color: inherit; border-radius: 999px; padding: .2em .8em; font: inherit; }
ol.steps button[aria-current="step"] { background: var(--rpdi-accent, #0b57d0); border-color: var(--rpdi-accent, #0b57d0); color: var(--rpdi-on-accent, #fff); }
ol.steps button:disabled { color: var(--rpdi-muted, #595959); border-style: dashed; }
button, select, input { font: inherit; }
button { padding: .35em .9em; border-radius: 4px; border: 1px solid var(--rpdi-border, #767676); background: var(--rpdi-background, #fff); color: inherit; cursor: pointer; }
button.primary, button[part~="primary"] { background: var(--rpdi-accent, #0b57d0); color: var(--rpdi-on-accent, #fff); border-color: var(--rpdi-accent, #0b57d0); }
button:disabled { cursor: not-allowed; opacity: .75; }
:focus-visible { outline: 2px solid var(--rpdi-focus, #0b57d0); outline-offset: 1px; }
.drop { border: 2px dashed var(--rpdi-border, #767676); border-radius: 8px; padding: 1.2em; display: flex; flex-direction: column; gap: .4em; }
.drop.over { border-color: var(--rpdi-accent, #0b57d0); }
.hint { color: var(--rpdi-muted, #595959); }
.error { color: var(--rpdi-error, #b3261e); }
.error-heading { font-weight: 600; }
.ok { color: var(--rpdi-ok, #146c2e); }
fieldset { border: 1px solid var(--rpdi-border, #767676); border-radius: 6px; }
.field { display: flex; gap: .5em; align-items: center; margin-top: .8em; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .3em .5em; border-bottom: 1px solid var(--rpdi-rule, #ddd); }
.nav { display: flex; gap: .5em; margin-top: 1em; }
.grid { border: 1px solid var(--rpdi-border, #767676); border-radius: 6px; overflow: hidden; }
.grid-row { display: grid; grid-template-columns: 5em minmax(8em, 1fr) minmax(8em, 1.3fr) minmax(12em, 2.5fr); align-items: center; }
.grid-head .grid-row { background: var(--rpdi-head, #f2f2f2); font-weight: 600; }
.grid-viewport { height: var(--rpdi-grid-height, 360px); overflow-y: auto; position: relative; }
.grid-body { position: relative; }
.grid-body .grid-row { position: absolute; left: 0; right: 0; height: 36px; border-top: 1px solid var(--rpdi-rule, #ddd); }
[role="gridcell"], [role="columnheader"] { padding: 0 .5em; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; line-height: 36px; }
[role="gridcell"]:focus { outline: 2px solid var(--rpdi-focus, #0b57d0); outline-offset: -2px; }
[role="gridcell"][aria-readonly="false"] { text-decoration: underline dotted; }
[role="gridcell"] input { width: 100%; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;
