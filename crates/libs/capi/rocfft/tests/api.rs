//! rocFFT through its C entry points (linked, on the CPU platform): plans with and without
//! descriptions (strides, offsets, planar arrays, scale factors), execution infos with a
//! stream, the cache functions, and the documented statuses for bad arguments.

use std::ffi::{c_char, c_void};
use std::ptr::{null, null_mut};

use rocfft::abi::*;
use rocfft::exports::*;

fn sync() {
    fft::hip_bridge::synchronize(0).expect("synchronize");
}

fn data(n: usize) -> Vec<f64> {
    (0..n)
        .map(|i| ((i * 7919) % 101) as f64 / 50.0 - 1.0)
        .collect()
}

#[test]
fn default_layout_round_trip_with_scale() {
    let lengths = [12usize, 5];
    let n = 60;
    // SAFETY: valid out-parameters and buffers of the plans' sizes.
    unsafe {
        assert_eq!(rocfft_setup(), rocfft_status_success);
        let (mut fwd, mut inv, mut desc) = (null_mut(), null_mut(), null_mut());
        assert_eq!(
            rocfft_plan_create(
                &mut fwd,
                rocfft_placement_notinplace,
                rocfft_transform_type_complex_forward,
                rocfft_precision_double,
                2,
                lengths.as_ptr(),
                2,
                null_mut()
            ),
            rocfft_status_success
        );
        assert_eq!(
            rocfft_plan_description_create(&mut desc),
            rocfft_status_success
        );
        assert_eq!(
            rocfft_plan_description_set_scale_factor(desc, 1.0 / n as f64),
            rocfft_status_success
        );
        assert_eq!(
            rocfft_plan_create(
                &mut inv,
                rocfft_placement_inplace,
                rocfft_transform_type_complex_inverse,
                rocfft_precision_double,
                2,
                lengths.as_ptr(),
                2,
                desc
            ),
            rocfft_status_success
        );
        let mut size = 1usize;
        assert_eq!(
            rocfft_plan_get_work_buffer_size(fwd, &mut size),
            rocfft_status_success
        );
        assert_eq!(size, 0);
        let x = data(2 * 2 * n);
        let mut y = vec![0f64; x.len()];
        let mut ib = [x.as_ptr() as *mut c_void];
        let mut ob = [y.as_mut_ptr().cast::<c_void>()];
        let mut info = null_mut();
        assert_eq!(
            rocfft_execution_info_create(&mut info),
            rocfft_status_success
        );
        assert_eq!(
            rocfft_execution_info_set_stream(info, null_mut()),
            rocfft_status_success
        );
        assert_eq!(
            rocfft_execute(fwd, ib.as_mut_ptr(), ob.as_mut_ptr(), info),
            rocfft_status_success
        );
        // The inverse runs in place on y, ordered after the forward on the same stream.
        assert_eq!(
            rocfft_execute(inv, ob.as_mut_ptr(), null_mut(), info),
            rocfft_status_success
        );
        sync();
        for (i, (a, b)) in x.iter().zip(&y).enumerate() {
            assert!((a - b).abs() < 1e-12, "element {i}: {b} vs {a}");
        }
        assert_eq!(rocfft_execution_info_destroy(info), rocfft_status_success);
        assert_eq!(rocfft_plan_description_destroy(desc), rocfft_status_success);
        assert_eq!(rocfft_plan_destroy(fwd), rocfft_status_success);
        assert_eq!(rocfft_plan_destroy(inv), rocfft_status_success);
        assert_eq!(rocfft_cleanup(), rocfft_status_success);
    }
}

#[test]
fn real_transform_with_strides_offsets_and_planar_output() {
    // 3 transforms of 16 reals, stride 2 and offset 3 in; planar Hermitian out, offset 1.
    let len = [16usize];
    let h = 9;
    // SAFETY: as above; buffers cover offsets + strides + distances.
    unsafe {
        let (mut plan, mut desc) = (null_mut(), null_mut());
        assert_eq!(
            rocfft_plan_description_create(&mut desc),
            rocfft_status_success
        );
        let (in_off, out_off) = ([3usize], [1usize, 2]);
        let (in_str, out_str) = ([2usize], [1usize]);
        assert_eq!(
            rocfft_plan_description_set_data_layout(
                desc,
                rocfft_array_type_real,
                rocfft_array_type_hermitian_planar,
                in_off.as_ptr(),
                out_off.as_ptr(),
                1,
                in_str.as_ptr(),
                40,
                1,
                out_str.as_ptr(),
                10
            ),
            rocfft_status_success
        );
        assert_eq!(
            rocfft_plan_create(
                &mut plan,
                rocfft_placement_notinplace,
                rocfft_transform_type_real_forward,
                rocfft_precision_single,
                1,
                len.as_ptr(),
                3,
                desc
            ),
            rocfft_status_success
        );
        let x: Vec<f32> = data(3 + 2 * 40 + 32).iter().map(|&v| v as f32).collect();
        let mut re = vec![0f32; 2 + 30];
        let mut im = vec![0f32; 2 + 30];
        let mut ib = [x.as_ptr() as *mut c_void];
        let mut ob = [re.as_mut_ptr().cast::<c_void>(), im.as_mut_ptr().cast()];
        assert_eq!(
            rocfft_execute(plan, ib.as_mut_ptr(), ob.as_mut_ptr(), null_mut()),
            rocfft_status_success
        );
        sync();
        for b in 0..3 {
            let xs: Vec<f64> = (0..16).map(|j| x[3 + b * 40 + 2 * j] as f64).collect();
            for k in 0..h {
                let (mut sr, mut si) = (0.0, 0.0);
                for (j, v) in xs.iter().enumerate() {
                    let a = -2.0 * std::f64::consts::PI * (j * k) as f64 / 16.0;
                    sr += v * a.cos();
                    si += v * a.sin();
                }
                let (gr, gi) = (re[1 + b * 10 + k] as f64, im[2 + b * 10 + k] as f64);
                assert!(
                    (gr - sr).abs() < 1e-4 && (gi - si).abs() < 1e-4,
                    "batch {b} bin {k}: ({gr},{gi}) vs ({sr},{si})"
                );
            }
        }
        assert_eq!(rocfft_plan_destroy(plan), rocfft_status_success);
        assert_eq!(rocfft_plan_description_destroy(desc), rocfft_status_success);
    }
}

#[test]
fn invalid_arguments_return_the_documented_statuses() {
    let l = [8usize, 8];
    let mut plan = null_mut();
    // SAFETY: every call is refused before it touches memory it was not given.
    unsafe {
        let create = |plan: *mut rocfft_plan,
                      dims: usize,
                      lengths: *const usize,
                      batch: usize,
                      desc: rocfft_plan_description| {
            rocfft_plan_create(
                plan,
                rocfft_placement_notinplace,
                rocfft_transform_type_complex_forward,
                rocfft_precision_single,
                dims,
                lengths,
                batch,
                desc,
            )
        };
        assert_eq!(
            create(null_mut(), 1, l.as_ptr(), 1, null_mut()),
            rocfft_status_invalid_arg_value
        );
        assert_eq!(
            create(&mut plan, 0, l.as_ptr(), 1, null_mut()),
            rocfft_status_invalid_dimensions
        );
        assert_eq!(
            create(&mut plan, 4, l.as_ptr(), 1, null_mut()),
            rocfft_status_invalid_dimensions
        );
        assert_eq!(
            create(&mut plan, 1, null(), 1, null_mut()),
            rocfft_status_invalid_arg_value
        );
        let zero = [0usize];
        assert_eq!(
            create(&mut plan, 1, zero.as_ptr(), 1, null_mut()),
            rocfft_status_invalid_dimensions
        );
        assert_eq!(
            create(&mut plan, 1, l.as_ptr(), 0, null_mut()),
            rocfft_status_invalid_dimensions
        );
        assert_eq!(
            create(
                &mut plan,
                1,
                l.as_ptr(),
                1,
                0x1234 as rocfft_plan_description
            ),
            rocfft_status_invalid_arg_value
        );
        assert_eq!(
            rocfft_plan_create(
                &mut plan,
                9,
                rocfft_transform_type_complex_forward,
                rocfft_precision_single,
                1,
                l.as_ptr(),
                1,
                null_mut()
            ),
            rocfft_status_invalid_arg_value
        );
        let mut desc = null_mut();
        assert_eq!(
            rocfft_plan_description_create(&mut desc),
            rocfft_status_success
        );
        // Real input to a complex transform.
        assert_eq!(
            rocfft_plan_description_set_data_layout(
                desc,
                rocfft_array_type_real,
                rocfft_array_type_complex_interleaved,
                null(),
                null(),
                0,
                null(),
                0,
                0,
                null(),
                0
            ),
            rocfft_status_success
        );
        assert_eq!(
            create(&mut plan, 2, l.as_ptr(), 1, desc),
            rocfft_status_invalid_array_type
        );
        // One stride for two dimensions.
        let s = [1usize];
        assert_eq!(
            rocfft_plan_description_set_data_layout(
                desc,
                rocfft_array_type_complex_interleaved,
                rocfft_array_type_complex_interleaved,
                null(),
                null(),
                1,
                s.as_ptr(),
                0,
                0,
                null(),
                0
            ),
            rocfft_status_success
        );
        assert_eq!(
            create(&mut plan, 2, l.as_ptr(), 1, desc),
            rocfft_status_invalid_strides
        );
        // Output transforms overlapping.
        assert_eq!(
            rocfft_plan_description_set_data_layout(
                desc,
                rocfft_array_type_complex_interleaved,
                rocfft_array_type_complex_interleaved,
                null(),
                null(),
                0,
                null(),
                0,
                0,
                null(),
                10
            ),
            rocfft_status_success
        );
        assert_eq!(
            create(&mut plan, 2, l.as_ptr(), 3, desc),
            rocfft_status_invalid_distance
        );
        assert_eq!(
            rocfft_plan_description_set_data_layout(
                desc,
                42,
                rocfft_array_type_complex_interleaved,
                null(),
                null(),
                0,
                null(),
                0,
                0,
                null(),
                0
            ),
            rocfft_status_invalid_array_type
        );
        assert_eq!(
            rocfft_plan_description_set_scale_factor(desc, f64::INFINITY),
            rocfft_status_invalid_arg_value
        );
        assert_eq!(
            rocfft_plan_description_set_comm(desc, rocfft_comm_mpi, null_mut()),
            rocfft_status_failure
        );
        assert_eq!(rocfft_plan_description_destroy(desc), rocfft_status_success);
        assert_eq!(
            rocfft_plan_description_destroy(desc),
            rocfft_status_invalid_arg_value
        );
        // Execution.
        assert_eq!(
            create(&mut plan, 1, l.as_ptr(), 1, null_mut()),
            rocfft_status_success
        );
        let mut v = vec![0f32; 16];
        let mut b = [v.as_mut_ptr().cast::<c_void>()];
        assert_eq!(
            rocfft_execute(plan, null_mut(), b.as_mut_ptr(), null_mut()),
            rocfft_status_invalid_arg_value
        );
        assert_eq!(
            rocfft_execute(plan, b.as_mut_ptr(), null_mut(), null_mut()),
            rocfft_status_invalid_arg_value
        );
        let mut info = null_mut();
        assert_eq!(
            rocfft_execution_info_create(&mut info),
            rocfft_status_success
        );
        assert_eq!(
            rocfft_execution_info_set_work_buffer(info, null_mut(), 64),
            rocfft_status_invalid_work_buffer
        );
        assert_eq!(rocfft_execution_info_destroy(info), rocfft_status_success);
        assert_eq!(rocfft_plan_destroy(plan), rocfft_status_success);
        assert_eq!(
            rocfft_execute(plan, b.as_mut_ptr(), b.as_mut_ptr(), null_mut()),
            rocfft_status_invalid_arg_value
        );
        assert_eq!(
            rocfft_plan_get_work_buffer_size(plan, &mut 0),
            rocfft_status_invalid_arg_value
        );
        let mut field = null_mut();
        assert_eq!(rocfft_field_create(&mut field), rocfft_status_failure);
    }
}

#[test]
fn version_string_and_cache() {
    let mut buf = [0 as c_char; 32];
    // SAFETY: buffers of the given sizes.
    unsafe {
        assert_eq!(
            rocfft_get_version_string(buf.as_mut_ptr(), buf.len()),
            rocfft_status_success
        );
        let v = std::ffi::CStr::from_ptr(buf.as_ptr())
            .to_str()
            .expect("utf-8");
        assert_eq!(v, "1.0.31");
        assert_eq!(
            rocfft_get_version_string(buf.as_mut_ptr(), 3),
            rocfft_status_invalid_arg_value
        );
        let (mut p, mut len) = (null_mut(), 0usize);
        assert_eq!(
            rocfft_cache_serialize(&mut p, &mut len),
            rocfft_status_success
        );
        assert!(!p.is_null() && len > 0);
        assert_eq!(rocfft_cache_deserialize(p, len), rocfft_status_success);
        assert_eq!(
            rocfft_cache_deserialize(buf.as_ptr().cast(), 8),
            rocfft_status_invalid_arg_value
        );
        assert_eq!(rocfft_cache_buffer_free(p), rocfft_status_success);
        assert_eq!(rocfft_cache_buffer_free(p), rocfft_status_invalid_arg_value);
    }
}
