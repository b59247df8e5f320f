/*
 * Deep zoom on an entity's page (served by the service at /_assets/deep-zoom.js, loaded with
 * OpenSeadragon only on a page that has a IIIF image): each picture marked with the IIIF Image
 * service it comes from (`data-iiif-info`, the service's info.json) gets an OpenSeadragon viewer
 * beside it, started from that tile source. The plain picture is hidden only once the viewer has
 * opened the image (the viewer's box is shown from the start: the viewer measures it); without
 * JavaScript, or when the service cannot be read (the viewer is then removed), the picture stays.
 */
(function () {
  'use strict';
  var OpenSeadragon = window.OpenSeadragon;
  var self = document.currentScript;
  if (!OpenSeadragon || !self) return;
  var images = self.getAttribute('data-images');
  var pictures = document.querySelectorAll('img[data-iiif-info]');
  for (var i = 0; i < pictures.length; i++) start(pictures[i], i);

  function start(picture, n) {
    var box = document.createElement('div');
    box.className = 'deep-zoom';
    box.id = 'deep-zoom-' + n;
    // A labelled region, not an image: its zoom buttons stay reachable.
    box.setAttribute('role', 'region');
    box.setAttribute('aria-label', picture.alt + ' (zoomable: scroll or pinch to zoom, drag to move)');
    picture.parentNode.insertBefore(box, picture.nextSibling);
    var viewer = OpenSeadragon({
      element: box,
      tileSources: picture.getAttribute('data-iiif-info'),
      prefixUrl: images,
      // The canvas draws tiles from any server (WebGL would need each one to allow CORS).
      drawer: 'canvas',
      showNavigator: false,
      showRotationControl: false,
      gestureSettingsMouse: { scrollToZoom: true },
    });
    viewer.addOnceHandler('open', function () {
      // The box takes the image's proportions (up to the stylesheet's height limit), and is never
      // larger than the image itself: the viewer does not enlarge a small image past its pixels
      // (maxZoomPixelRatio), which would leave it in a corner of an empty box.
      var size = viewer.world.getItemAt(0).getContentSize();
      if (size.x > 0 && size.y > 0) {
        box.style.aspectRatio = size.x + ' / ' + size.y;
        box.style.maxWidth = size.x + 'px';
        box.style.maxHeight = size.y + 'px';
      }
      picture.hidden = true;
      // Fit the image to the box at its new size.
      window.requestAnimationFrame(function () {
        viewer.viewport.goHome(true);
      });
    });
    viewer.addOnceHandler('open-failed', function () {
      viewer.destroy();
      box.parentNode.removeChild(box);
    });
  }
})();
