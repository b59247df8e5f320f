/*
 * The SPARQL query page (served by src/http/queryPage.ts): Yasgui pointed at the endpoint
 * this page comes from, the Linked Art prefixes preset, example queries to pick, and
 * completion from the Linked Art vocabulary. Nothing here talks to another origin: Yasqe's
 * class and property completion (which asks the Linked Open Vocabularies service) is
 * replaced by a local one, and its prefix list is the bundled one (no prefix.cc). The results
 * table shows a typed literal as its value with its datatype small beside it (`1887 xsd:gYear`, not
 * `"1887"^^xsd:gYear`), a language tag likewise; what Yasgui builds is repaired for accessibility.
 */
(function () {
  'use strict';
  var config = JSON.parse(document.getElementById('query-page-config').textContent);
  var Yasgui = window.Yasgui;
  var Yasqe = Yasgui.Yasqe;
  // The endpoint is this page's own URL (the page is what /sparql answers a browser).
  var endpoint = window.location.origin + window.location.pathname;
  document.getElementById('endpoint').textContent = endpoint;

  var prefixes = config.prefixes;
  var prefixNames = Object.keys(prefixes);

  // Prefix completion: ours first (so "crm:" means CIDOC CRM), then Yasqe's bundled list.
  var prefixCompleter = Yasqe.Autocompleters.prefixes;
  var bundledPrefixes = prefixCompleter.get;
  prefixCompleter.persistenceId = undefined;
  prefixCompleter.get = function (yasqe) {
    var ours = prefixNames.map(function (name) { return name + ': <' + prefixes[name] + '>'; });
    return Promise.resolve(bundledPrefixes.call(this, yasqe)).catch(function () { return []; }).then(function (bundled) {
      return ours.concat(bundled.filter(function (line) { return prefixNames.indexOf(line.split(':')[0]) < 0; }));
    });
  };

  // Class and property completion from the Linked Art vocabulary instead of LOV.
  function localCompletions(iris) {
    return function (yasqe, token) {
      var wanted = token && token.autocompletionString ? token.autocompletionString : '';
      var prefixed = token && token.tokenPrefixUri;
      var lower = wanted.toLowerCase();
      var starting = iris.filter(function (iri) { return iri.toLowerCase().indexOf(lower) === 0; });
      // Without a prefix, a word matches anywhere in the local name ("human" finds E22_Human-Made_Object).
      var inside = prefixed || !lower ? [] : iris.filter(function (iri) {
        return starting.indexOf(iri) < 0 && localName(iri).toLowerCase().indexOf(lower) >= 0;
      });
      return Promise.resolve(starting.concat(inside).slice(0, 100));
    };
  }
  function localName(iri) {
    return iri.slice(Math.max(iri.lastIndexOf('/'), iri.lastIndexOf('#')) + 1);
  }
  // The suggestion as the query writes it: prefixed when the query declares its namespace.
  function compact(yasqe, token, iri) {
    if (token.tokenPrefix && token.tokenPrefixUri && iri.indexOf(token.tokenPrefixUri) === 0) {
      return token.tokenPrefix + iri.slice(token.tokenPrefixUri.length);
    }
    var declared = yasqe.getPrefixesFromQuery();
    for (var name in declared) {
      var ns = declared[name];
      var local = iri.slice(ns.length);
      if (ns && iri.indexOf(ns) === 0 && /^[A-Za-z0-9_]([\w.-]*[\w-])?$/.test(local)) return name + ':' + local;
    }
    return '<' + iri + '>';
  }
  [['class', config.vocabulary.classes], ['property', config.vocabulary.properties]].forEach(function (entry) {
    var completer = Yasqe.Autocompleters[entry[0]];
    if (!completer) return;
    completer.get = localCompletions(entry[1]);
    completer.postProcessSuggestion = compact;
  });

  // Literals in the results table: the value, then its language or datatype small (a plain string: the value alone).
  var XSD_STRING = 'http://www.w3.org/2001/XMLSchema#string';
  var Table = Yasgui.Yasr && Yasgui.Yasr.plugins && Yasgui.Yasr.plugins.table;
  if (Table) {
    Table.prototype.formatLiteral = function (binding, queryPrefixes) {
      var value = escapeHtml(binding.value);
      if (this.persistentConfig && this.persistentConfig.compact) return value;
      var lang = binding['xml:lang'];
      if (lang) return value + ' <small class="literal-lang" title="language">' + escapeHtml(lang) + '</small>';
      var datatype = binding.datatype;
      if (!datatype || datatype === XSD_STRING) return value;
      return value + ' <small class="literal-datatype" title="' + escapeHtml(datatype) + '">' +
        escapeHtml(prefixed(datatype, queryPrefixes || {})) + '</small>';
    };
  }
  function escapeHtml(text) {
    return String(text).replace(/[&<>"']/g, function (c) { return '&#' + c.charCodeAt(0) + ';'; });
  }
  // An IRI with the query's prefix for it, else one of the preset ones, else whole.
  function prefixed(iri, queryPrefixes) {
    var sets = [queryPrefixes, prefixes];
    for (var i = 0; i < sets.length; i++) {
      for (var name in sets[i]) {
        var ns = sets[i][name];
        if (ns && iri.indexOf(ns) === 0 && iri.length > ns.length) return name + ':' + iri.slice(ns.length);
      }
    }
    return iri;
  }

  // Tall enough for a new tab's query (every preset prefix, then the query) without scrolling.
  Yasqe.defaults.editorHeight = '450px';

  // What Yasgui builds, made accessible (axe-core finds nothing on the page): names for its unlabelled
  // controls, the "+" of the tab list a tab itself (a tab list holds tabs only), a heading for the row
  // numbers, the editor's scrolling box focusable; done again whenever it builds more (a tab, a results table).
  var container = document.getElementById('yasgui');
  function name(selector, label) {
    container.querySelectorAll(selector).forEach(function (element) {
      if (!element.hasAttribute('aria-label')) element.setAttribute('aria-label', label);
    });
  }
  function repairMarkup() {
    name('.CodeMirror textarea', 'SPARQL query');
    name('input.autocomplete', 'SPARQL endpoint');
    name('select.tableSizer', 'Rows per page');
    name('.tab input[type="text"]', 'Tab name');
    container.querySelectorAll('.tabsList button.addTab:not([role])').forEach(function (button) {
      button.setAttribute('role', 'tab');
      button.setAttribute('aria-selected', 'false');
    });
    // The editor's scrolling box (long prefix lines on a phone) reachable by keyboard too (CodeMirror makes it -1).
    container.querySelectorAll('.CodeMirror-scroll[tabindex="-1"]').forEach(function (box) {
      box.setAttribute('tabindex', '0');
    });
    container.querySelectorAll('.yasr table.dataTable th.dt-orderable-none .dt-column-title').forEach(function (title) {
      if (title.textContent === '') title.textContent = '#';
    });
  }
  new MutationObserver(repairMarkup).observe(container, { childList: true, subtree: true });

  var yasgui = new Yasgui(document.getElementById('yasgui'), {
    persistenceId: 'linkedart-sparql',
    tabName: 'Query',
    copyEndpointOnNewTab: true,
    requestConfig: {
      endpoint: endpoint,
      method: 'POST',
      acceptHeaderGraph: 'text/turtle,*/*;q=0.9',
    },
    endpointCatalogueOptions: {
      getData: function () { return [{ endpoint: endpoint }]; },
    },
    yasqe: {
      value: config.defaultQuery,
    },
  });

  // Tabs kept from an earlier visit query this endpoint too (the page only talks to its origin).
  yasgui.persistentConfig.getTabs().forEach(function (id) {
    var tab = yasgui.getTab(id);
    if (tab && tab.getEndpoint() !== endpoint) tab.setEndpoint(endpoint);
  });

  // Examples: each opens in its own tab (or, already open, is put back in its tab).
  var buttons = Array.prototype.slice.call(document.querySelectorAll('#examples button.example'));
  function markExample() {
    var tab = yasgui.getTab();
    var name = tab ? tab.getName() : '';
    buttons.forEach(function (button) {
      var current = config.examples[Number(button.dataset.example)].name === name;
      button.classList.toggle('current', current);
      button.setAttribute('aria-pressed', current ? 'true' : 'false');
    });
  }
  buttons.forEach(function (button) {
    button.addEventListener('click', function () {
      var example = config.examples[Number(button.dataset.example)];
      var open = yasgui.tabNameTaken(example.name);
      if (open) {
        yasgui.selectTabId(open.getId());
        open.setQuery(example.query);
      } else {
        yasgui.addTab(true, { name: example.name, yasqe: { value: example.query }, requestConfig: { endpoint: endpoint } });
      }
      markExample();
      var tab = yasgui.getTab();
      if (tab) tab.getYasqe().focus();
    });
  });
  yasgui.on('tabSelect', function () { setTimeout(markExample, 0); });
  yasgui.on('tabChange', function () { setTimeout(markExample, 0); });
  markExample();

  window.linkedArtQueryPage = { yasgui: yasgui, endpoint: endpoint, examples: config.examples, prefixes: prefixes };
})();
